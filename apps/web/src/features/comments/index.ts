export { CommentsProvider, CommentsToggle, useCommentsUi, useHasComments } from './CommentsContext';
export { CommentBubble, CommentsLive, CommentsColumn, CommentsSheet } from './CommentsPlaces';
