import { lazyPart } from '../../lib/lazy/lazyPart';
import type { SelectionActions as Loaded } from './SelectionActions';
import type { SuggestionCard as LoadedCard } from './SuggestionCard';

/**
 * The actions over a selection (and the bubble menu under them, with its positioning library):
 * fetched just after the editor shows (docs/PAGE-WEIGHT.md); nothing is selected when the text first shows.
 */
export const SelectionActions = lazyPart<Parameters<typeof Loaded>[0]>('Selection actions', () => import('./SelectionActions').then((m) => m.SelectionActions));

/** The assistant's suggestion, shown once an action has answered: fetched just after the editor shows. */
export const SuggestionCard = lazyPart<Parameters<typeof LoadedCard>[0]>('Suggestion card', () => import('./SuggestionCard').then((m) => m.SuggestionCard));
