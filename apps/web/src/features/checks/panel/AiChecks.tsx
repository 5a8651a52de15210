import { useState } from 'react';
import type { CheckBlock, CheckFinding } from '@bree/contracts';
import { useServices } from '../../../app/services';
import { Button } from '../../../ui';
import { BudgetRefusalNotice } from '../../billing/BudgetRefusalNotice';
import { budgetRefusalOf } from '../../billing/refusal';
import type { BudgetRefusal } from '../../billing/refusal';
import { UnavailableButton } from '../../assistant/UnavailableButton';
import { AI_NOT_SET_UP, isAiNotConfigured, refreshAiAvailability, useAiAvailability } from '../../assistant/aiAvailability';
import { isApiError } from '../../../lib/api';
import { runAiChecks } from '../api';

type Phase =
  { kind: 'idle' } | { kind: 'running' } | { kind: 'done'; count: number } | { kind: 'error'; message: string } | { kind: 'refused'; refusal: BudgetRefusal };

/**
 * 'Run AI checks': one metered call over the blocks checked (docs/CHECKS.md "AI checks"), its
 * progress and its errors in the panel. Without AI on the server the button says why and the
 * local and voice checks go on.
 */
export function AiChecks({ fileId, blocks, onFindings }: { fileId: string; blocks(): CheckBlock[]; onFindings(findings: CheckFinding[]): void }) {
  const { api, queryClient } = useServices();
  const ai = useAiAvailability();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });

  const start = async () => {
    const body = { fileId, blocks: blocks() };
    if (body.blocks.length === 0) {
      setPhase({ kind: 'error', message: 'There is no text to check.' });
      return;
    }
    setPhase({ kind: 'running' });
    try {
      const answer = await runAiChecks(api, body);
      onFindings(answer.findings);
      setPhase({ kind: 'done', count: answer.findings.length });
    } catch (error) {
      const refusal = budgetRefusalOf(error);
      if (refusal) setPhase({ kind: 'refused', refusal });
      else if (isAiNotConfigured(error)) {
        // The server lost its provider since the page asked: the button says so from now on.
        refreshAiAvailability(queryClient);
        setPhase({ kind: 'error', message: AI_NOT_SET_UP });
      } else setPhase({ kind: 'error', message: isApiError(error) ? error.message : 'The AI checks could not run. Try again.' });
    }
  };

  return (
    <div className="mb-3 border-b border-line pb-3">
      {ai.available ? (
        <Button size="sm" variant="secondary" loading={phase.kind === 'running'} onClick={() => void start()}>
          Run AI checks
        </Button>
      ) : (
        <UnavailableButton className="rounded-md border border-line px-3 py-1 text-sm">Run AI checks</UnavailableButton>
      )}
      <div aria-live="polite" className="mt-2 text-xs text-ink-soft">
        {!ai.available && <p>{AI_NOT_SET_UP}. The style and voice checks still run.</p>}
        {phase.kind === 'running' && <p>Reading your draft…</p>}
        {phase.kind === 'done' && (
          <p>{phase.count === 0 ? 'The AI found nothing to flag.' : `The AI found ${phase.count} ${phase.count === 1 ? 'thing' : 'things'} to look at.`}</p>
        )}
      </div>
      {phase.kind === 'error' && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {phase.message}
        </p>
      )}
      {phase.kind === 'refused' && (
        <div className="mt-2">
          <BudgetRefusalNotice refusal={phase.refusal} />
        </div>
      )}
    </div>
  );
}
