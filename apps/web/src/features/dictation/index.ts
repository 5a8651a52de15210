export { DictationButton } from './DictationButton';
