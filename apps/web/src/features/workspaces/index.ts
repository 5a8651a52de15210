export { FocusInstructionsDialog } from './FocusInstructionsDialog';
export { WorkspaceSection } from './LazyWorkspaceSection';
export { StaleBanner } from './StaleBanner';
export { useConvertWorkspace } from './useConvertWorkspace';
export { useWorkspace, useWorkspaceMetadata } from './useWorkspace';
export { ThreadCounts } from './ThreadCounts';
export { ConvertDialog } from './ConvertDialog';
