import { lazyPart } from '../../lib/lazy/lazyPart';
import type { DictationButton as Loaded } from './DictationButton';

/**
 * The microphone (recorder, transcription, level meter): fetched just after the editor shows
 * (docs/PAGE-WEIGHT.md); meanwhile an empty box of the button's size keeps the toolbar still.
 */
export const DictationButton = lazyPart<Parameters<typeof Loaded>[0]>(
  'Dictation',
  () => import('./DictationButton').then((m) => m.DictationButton),
  () => <span aria-hidden="true" className="inline-block h-9 w-9 shrink-0" />,
);
