export { AiPreview } from './preview';
export { useAssistant } from './useAssistant';
export type { AssistantApi, Suggestion } from './useAssistant';
export { SuggestionCard } from './SuggestionCard';
export { SelectionActions } from './SelectionActions';
export { AssistantMenu } from './AssistantMenu';
export { ProviderSettings } from './ProviderSettings';
export { QualityToggle } from './QualityToggle';
