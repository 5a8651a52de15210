import { useState } from 'react';
import type { Editor } from '@tiptap/core';
import { authorshipLine, suggestedAuthenticity } from '@bree/contracts';
import { notify } from '../../../lib/toast';
import { Button, Switch } from '../../../ui';
import { isAiTextShown, showAiText } from '../provenanceView';
import { useAuthorship } from '../useAuthorship';
import { useFileMetadata } from '../useFileMetadata';

/**
 * The Document panel's 'Authorship': how much of the text the writer wrote and how much came from
 * accepted AI suggestions (by characters, from the provenance marks), a switch that highlights
 * the AI's words, and the authenticity tag the figures suggest — the author decides whether to use it.
 */
export function AuthorshipSection({ editor, tenantId, fileId }: { editor: Editor; tenantId: string; fileId: string }) {
  const authorship = useAuthorship(editor);
  const { metadata, update } = useFileMetadata({ tenantId, fileId });
  const [shown, setShown] = useState(() => isAiTextShown(editor));
  const [tagging, setTagging] = useState(false);
  const line = authorshipLine(authorship);
  const suggested = suggestedAuthenticity(authorship);
  const current = metadata?.authenticity ?? 'Untagged';

  const toggle = (next: boolean) => {
    showAiText(editor, next);
    setShown(next);
  };
  const applyTag = async () => {
    if (!suggested) return;
    setTagging(true);
    if (await update({ authenticity: suggested })) notify.success(`Tagged ${suggested}`);
    else notify.error('Could not change the tag. Please try again.');
    setTagging(false);
  };

  return (
    <section aria-labelledby="authorship-heading" className="space-y-2">
      <h2 id="authorship-heading" className="text-xs font-semibold tracking-wide text-muted uppercase">
        Authorship
      </h2>
      <p className="text-sm text-ink" data-testid="authorship-line">
        {line ?? 'No text yet.'}
      </p>
      <Switch label="Show AI-written text" checked={shown} onChange={toggle} />
      {suggested && metadata && (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm" data-testid="suggested-tag">
          <span className="text-ink-soft">Suggested tag: {suggested}</span>
          {current === suggested ? (
            <span className="text-xs text-muted">Tagged {current}</span>
          ) : (
            <Button size="sm" variant="secondary" loading={tagging} onClick={() => void applyTag()}>
              Use this tag
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
