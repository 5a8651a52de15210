export { CommentsProvider, CommentsToggle, useCommentsUi } from './CommentsContext';
export { CommentBubble, CommentsLive, CommentsColumn, CommentsSheet } from './CommentsPlaces';
