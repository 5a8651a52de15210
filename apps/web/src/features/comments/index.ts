export { CommentsProvider, CommentsToggle, useCommentsUi } from './CommentsContext';
export { CommentBubble, CommentsLive, CommentSelectionButton, CommentsColumn, CommentsSheet } from './CommentsPlaces';
