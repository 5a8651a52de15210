import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import type { AiAction, CheckFinding, CheckKind } from '@bree/contracts';
import { useAiAvailability } from '../../assistant/aiAvailability';
import { Button } from '../../../ui';
import { useCheckSettings } from '../settings/useCheckSettings';
import { useIgnoredFindings } from '../settings/useIgnoredFindings';
import { VOICE_NOT_ANALYZED_MESSAGE } from '../voice/offVoice';
import { useVoiceNorm } from '../voice/useVoiceNorm';
import { blockStarts, checkBlocks, plainText } from './anchors';
import { anchorsOf, checksKey } from './checksPlugin';
import { useCheckDraftRequest } from './checkRequest';
import { FindingItem } from './FindingItem';
import type { FindingActions } from './FindingItem';
import { countsByKind, groupFindings, ownShareLine, rewriteInstruction, sentenceAround } from './panelState';
import { checksSession } from './session';
import { useChecks } from './useChecks';
import { AiChecks } from './AiChecks';
import { BackToList } from './BackToList';
import './checks.css';

export interface ChecksPanelProps {
  editor: Editor;
  fileId: string;
  /** The assistant's run (useAssistant): 'Rewrite in my voice' starts a rewrite of the selected sentence. */
  onAssistant?(action: AiAction, instruction?: string): void;
  /** On a phone: closes the sheet so the text shows (a finding's words, a rewrite's suggestion). */
  onShowText?(): void;
}

/** The blocks selected now (the scope of 'Check my draft'), or null for the whole document. */
function selectionScope(editor: Editor): string[] | null {
  const { from, to, empty } = editor.state.selection;
  if (empty) return null;
  const ids = checkBlocks({ doc: editor.state.doc, from, to }).map((b) => b.id);
  return ids.length > 0 ? ids : null;
}

/** A long draft can have hundreds of findings of a kind: the first ones, then 'Show all'. */
const GROUP_SHOWN = 50;

/** Whether the selection is still the chosen finding's words (shown from the list). */
function onChosenWords(editor: Editor): boolean {
  const { chosenRange } = checksSession(editor);
  const { from, to } = editor.state.selection;
  return chosenRange !== null && chosenRange.from === from && chosenRange.to === to;
}

/** What an empty group says: the AI's only once it has read the draft (its progress and errors show above it). */
function EmptyGroup({
  kind,
  running,
  voiceAnalysed,
  ai,
}: {
  kind: CheckKind;
  running: boolean;
  voiceAnalysed: boolean;
  ai: { available: boolean; ran: boolean };
}) {
  if (kind === 'voice' && !voiceAnalysed) return null;
  if (kind === 'ai' && !ai.ran) return ai.available ? <p className="text-xs text-ink-soft">Not run yet.</p> : null;
  return <p className="text-xs text-ink-soft">{running && kind !== 'ai' ? 'Checking…' : 'Nothing found.'}</p>;
}

/** Moves focus through the findings with the arrow keys, Home and End. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const items = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-finding-id]')];
  const at = items.indexOf(document.activeElement as HTMLButtonElement);
  if (at === -1 && !(event.target as HTMLElement).closest('li')) return;
  const from = at === -1 ? items.findIndex((b) => b.closest('li')?.contains(event.target as Node)) : at;
  const next = { ArrowDown: from + 1, ArrowUp: from - 1, Home: 0, End: items.length - 1 }[event.key] ?? from;
  const target = items[Math.max(0, Math.min(items.length - 1, next))];
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/**
 * The Checks panel (docs/CHECKS.md "The Checks panel"): the summary, 'Run AI checks', and the
 * findings by kind, each anchored in the text with its actions.
 */
export function ChecksPanel({ editor, fileId, onAssistant, onShowText }: ChecksPanelProps) {
  const { settings, save } = useCheckSettings();
  const { ignored, ignore } = useIgnoredFindings(fileId);
  const voice = useVoiceNorm();
  const profile = voice.profile;
  const ai = useAiAvailability();
  const listRef = useRef<HTMLDivElement>(null);
  const session = checksSession(editor);
  const [request, setRequest] = useState(0);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  const focusFinding = useCallback((id: string | null) => {
    const button = id ? listRef.current?.querySelector<HTMLButtonElement>(`button[data-finding-id="${CSS.escape(id)}"]`) : null;
    (button ?? listRef.current?.querySelector<HTMLButtonElement>('button[data-finding-id]'))?.focus();
  }, []);

  // 'Check my draft' again: back to the list when the chosen finding's words are still the selection, else a new scope.
  const onRequest = useCallback(() => {
    if (onChosenWords(editor)) {
      focusFinding(session.chosen);
      return;
    }
    session.scope = selectionScope(editor);
    setRequest((n) => n + 1);
  }, [editor, session, focusFinding]);
  useCheckDraftRequest(onRequest);
  // Opened: the scope is the selection now, unless that is the chosen finding's words (a phone coming back to the list).
  const [opened] = useState(() => {
    if (!onChosenWords(editor)) session.scope = selectionScope(editor);
    return true;
  });
  void opened;

  const checks = useChecks({ editor, settings, ignored, profile, request });
  // The AI group is quiet until 'Run AI checks' has answered: the local runs are not the AI's.
  const [aiRan, setAiRan] = useState(false);
  const groups = useMemo(() => groupFindings({ findings: checks.findings, order: checks.order }), [checks.findings, checks.order]);
  const counts = useMemo(() => countsByKind(checks.findings), [checks.findings]);
  const share = ownShareLine(checks.ownShare);

  // Back from a phone's text: focus returns to the finding chosen last.
  useEffect(() => {
    if (session.chosen && checks.findings.some((f) => f.id === session.chosen)) focusFinding(session.chosen);
    // Only once the first results are listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [checks.findings.length > 0]);

  /** The finding's range in the document now (its anchor follows edits). */
  const rangeOf = (finding: CheckFinding) => anchorsOf(editor.state).find((a) => a.id === finding.id) ?? null;

  const actions: FindingActions = {
    onShow(finding) {
      const range = rangeOf(finding);
      if (!range) return;
      session.chosen = finding.id;
      session.chosenRange = { from: range.from, to: range.to };
      onShowText?.();
      const tr = editor.state.tr.setSelection(TextSelection.create(editor.state.doc, range.from, range.to)).setMeta(checksKey, { active: finding.id });
      editor.view.dispatch(tr.scrollIntoView());
      editor.commands.focus(undefined, { scrollIntoView: true });
    },
    onRewrite(finding) {
      const range = rangeOf(finding);
      const block = blockStarts(editor.state.doc).get(finding.blockId);
      if (!range || !block || !onAssistant) return;
      const node = editor.state.doc.resolve(block.start).parent;
      const sentence = sentenceAround({ text: plainText(node), from: range.from - block.start, to: range.to - block.start });
      session.chosen = finding.id;
      session.chosenRange = null;
      onShowText?.();
      editor
        .chain()
        .focus()
        .setTextSelection({ from: block.start + sentence.from, to: block.start + sentence.to })
        .scrollIntoView()
        .run();
      onAssistant('modify', rewriteInstruction(finding));
    },
    onIgnore(finding) {
      void ignore(finding.id);
    },
    onIgnoreRule(finding) {
      if (!settings.disabledRules.includes(finding.rule)) void save({ ...settings, disabledRules: [...settings.disabledRules, finding.rule] });
    },
  };

  return (
    <div ref={listRef} className="text-sm" onKeyDown={moveFocus}>
      <h2 className="sr-only">Checks</h2>
      <section aria-label="Summary" className="mb-3 rounded-md bg-cream-deep/50 p-2" data-testid="checks-summary">
        <p className="text-xs text-muted">{session.scope ? 'The selection' : 'The whole document'}</p>
        <p className="text-ink">
          Style {counts.local} · Your voice {counts.voice} · AI {counts.ai}
        </p>
        {share && <p className="mt-1 text-ink-soft">{share}</p>}
        <p aria-live="polite" className="sr-only">
          {checks.running ? 'Checking…' : `${checks.findings.length} findings`}
        </p>
      </section>
      {!onShowText && <BackToList editor={editor} onBack={() => focusFinding(session.chosen)} />}
      <AiChecks
        fileId={fileId}
        blocks={checks.blocks}
        onFindings={(findings) => {
          setAiRan(true);
          checks.setAi(findings);
        }}
      />
      {groups.map((group) => (
        <section key={group.kind} aria-labelledby={`checks-${group.kind}`} className="mb-3">
          <h3 id={`checks-${group.kind}`} className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">
            {group.label} ({group.findings.length})
          </h3>
          {group.kind === 'voice' && !profile && !voice.loading && <p className="text-xs text-ink-soft">{VOICE_NOT_ANALYZED_MESSAGE}</p>}
          {group.findings.length === 0 ? (
            <EmptyGroup kind={group.kind} running={checks.running} voiceAnalysed={Boolean(profile)} ai={{ available: ai.available, ran: aiRan }} />
          ) : (
            <>
              <ul className="space-y-2" aria-label={`${group.label} findings`}>
                {group.findings.slice(0, expanded.has(group.kind) ? undefined : GROUP_SHOWN).map((finding) => (
                  <FindingItem key={`${finding.id}-${finding.from}`} finding={finding} actions={actions} aiAvailable={ai.available && Boolean(onAssistant)} />
                ))}
              </ul>
              {group.findings.length > GROUP_SHOWN && !expanded.has(group.kind) && (
                <Button size="sm" variant="ghost" className="mt-1" onClick={() => setExpanded((e) => new Set(e).add(group.kind))}>
                  Show all {group.findings.length}
                </Button>
              )}
            </>
          )}
        </section>
      ))}
    </div>
  );
}
