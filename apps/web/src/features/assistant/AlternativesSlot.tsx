import { Suspense, lazy } from 'react';
import { Button, Spinner } from '../../ui';
import type { AssistantApi, Suggestion } from './useAssistant';
import { canShowThree } from './alternatives';
import { preloadAlternatives } from './useAlternatives';

// The cards load when 'Show 3 versions' is first used (docs/PAGE-WEIGHT.md).
const loadPanel = () => import('./AlternativesPanel');
const AlternativesPanel = lazy(() => loadPanel().then((m) => ({ default: m.AlternativesPanel })));

/** 'Show 3 versions' on a ready suggestion with one version (docs/ASSISTANT.md "Three versions at once"). */
export function ShowThreeButton({ assistant, suggestion }: { assistant: AssistantApi; suggestion: Suggestion }) {
  if (!canShowThree(suggestion)) return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      // The cards' code starts loading as the pointer arrives (or the finger lands), before the click.
      onPointerEnter={() => {
        void loadPanel().catch(() => undefined);
        preloadAlternatives();
      }}
      onMouseDown={(e) => e.preventDefault()}
      onClick={assistant.showThree}
    >
      Show 3 versions
    </Button>
  );
}

/** The three cards side by side, in the suggestion card's place while they are written and chosen from. */
export function AlternativesSlot({ assistant, suggestion, isMobile }: { assistant: AssistantApi; suggestion: Suggestion; isMobile: boolean }) {
  if (!suggestion.alternatives) return null;
  return (
    <Suspense fallback={<Spinner label="Writing 3 versions…" showLabel size="sm" />}>
      <AlternativesPanel assistant={assistant} suggestion={suggestion} isMobile={isMobile} />
    </Suspense>
  );
}
