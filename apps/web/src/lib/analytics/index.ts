export { useAnalytics } from './useAnalytics';
export { contentGroupFor, type ContentGroup } from './contentGroups';
