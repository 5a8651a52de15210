/**
 * The Checks panel's engine (docs/CHECKS.md "The Checks panel"): the local and voice checks at
 * opening and again 300 ms after typing stops (the rules in a worker), the AI checks on demand,
 * the findings drawn in the text, and the list kept to the findings whose words are still there.
 */
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Editor } from '@tiptap/core';
import type { CheckFinding, CheckSettings, VoiceStats } from '@bree/contracts';
import { checkInWorker, checkWithVoiceInWorker } from '../local/localChecksClient';
import { anchorFindings, blockStarts, checkBlocks } from './anchors';
import type { Anchor } from './anchors';
import { anchorsOf, checksKey, checksVersion, createChecksPlugin } from './checksPlugin';
import { visibleFindings } from './panelState';
import { checksSession } from './session';
import { useDrawWindow } from './drawWindow';

/** Typing pauses this long before the checks run again. */
export const RECHECK_MS = 300;

/** The blocks checked now: the session's scope (the blocks selected at 'Check my draft'), else every text block. */
function scopedBlocks(editor: Editor) {
  const { scope } = checksSession(editor);
  const blocks = checkBlocks({ doc: editor.state.doc });
  if (!scope) return blocks;
  const ids = new Set(scope);
  return blocks.filter((b) => ids.has(b.id));
}

/** The AI's findings that still hold their words, at their blocks' offsets now. */
function aiStillThere(editor: Editor, anchors: Anchor[]): CheckFinding[] {
  const starts = blockStarts(editor.state.doc);
  const byId = new Map(anchors.map((a) => [a.id, a]));
  return checksSession(editor).ai.flatMap((f) => {
    const anchor = byId.get(f.id);
    const block = starts.get(f.blockId);
    return anchor && block ? [{ ...f, from: anchor.from - block.start, to: anchor.to - block.start }] : [];
  });
}

/** Whether two runs found the same things at the same places. */
function sameFindings(a: readonly CheckFinding[], b: readonly CheckFinding[]): boolean {
  return a.length === b.length && a.every((f, i) => f.id === b[i]!.id && f.from === b[i]!.from && f.to === b[i]!.to && f.message === b[i]!.message);
}

export interface ChecksState {
  /** The findings to list: not set aside, and with their words unchanged. */
  findings: CheckFinding[];
  /** Reading order of the blocks, for the list. */
  order: Map<string, number>;
  running: boolean;
  ownShare: { opening: number | null; now: number | null };
  /** Replaces the AI's findings (after 'Run AI checks'). */
  setAi(findings: CheckFinding[]): void;
  /** The blocks to send to the AI: the scope now. */
  blocks(): ReturnType<typeof checkBlocks>;
}

/** Runs the checks for the open panel: `profile` null while the author's voice has not been analysed. */
export function useChecks({
  editor,
  settings,
  ignored,
  profile,
  request,
}: {
  editor: Editor;
  settings: CheckSettings;
  ignored: ReadonlySet<string>;
  profile: VoiceStats | null;
  /** Changes at each 'Check my draft' (the scope is read again). */
  request: number;
}): ChecksState {
  const [found, setFound] = useState<CheckFinding[]>([]);
  const [live, setLive] = useState<ReadonlySet<string>>(new Set());
  const [running, setRunning] = useState(false);
  const [share, setShare] = useState<{ opening: number | null; now: number | null }>({ opening: null, now: null });
  const [aiVersion, setAiVersion] = useState(0);
  const runId = useRef(0);
  // Settings and ignored ids by value: a new object with the same contents runs nothing again.
  const settingsKey = JSON.stringify(settings);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableSettings = useMemo(() => settings, [settingsKey]);
  const ignoredKey = [...ignored].sort().join('\n');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableIgnored = useMemo(() => ignored, [ignoredKey]);

  // The highlights live while the panel does.
  useEffect(() => {
    const plugin = createChecksPlugin();
    editor.registerPlugin(plugin);
    let shown = -1;
    // Only a change of the findings in the text renders the list again, not every keystroke (nor reading 5,000 ids).
    const onTransaction = () => {
      const version = checksVersion(editor.state);
      if (version === shown) return;
      shown = version;
      const live = new Set(anchorsOf(editor.state).map((a) => a.id));
      startTransition(() => setLive(live));
    };
    editor.on('transaction', onTransaction);
    return () => {
      editor.off('transaction', onTransaction);
      if (!editor.isDestroyed) editor.unregisterPlugin(checksKey);
    };
  }, [editor]);
  // Only the findings near the screen are drawn (after the plugin is added: effects run in order).
  useDrawWindow(editor);

  const run = useCallback(async () => {
    const id = ++runId.current;
    setRunning(true);
    const blocks = scopedBlocks(editor);
    // Both in the worker: the rules, and with an analysed voice the off-voice sentences and the share.
    const result = await (
      profile
        ? checkWithVoiceInWorker({ blocks, settings: stableSettings, profile })
        : checkInWorker({ blocks, settings: stableSettings }).then((findings) => ({ findings, ownShare: null }))
    ).catch(() => null);
    // A newer run replaced this one (it answers instead), or the editor is gone.
    if (id !== runId.current || editor.isDestroyed) return;
    setRunning(false);
    if (!result) return;
    const session = checksSession(editor);
    // The share at opening is the first one measured against the voice profile (it may load after the first run).
    if (session.opening === undefined && profile) session.opening = result.ownShare;
    session.ai = aiStillThere(editor, anchorsOf(editor.state));
    setShare({ opening: session.opening ?? null, now: result.ownShare });
    const next = [...result.findings, ...session.ai];
    // The same findings as before (typing far from any of them) change nothing: no list, no drawing.
    // A transition: rendering the list of a long draft's findings yields to the next keystroke.
    startTransition(() => setFound((prev) => (sameFindings(prev, next) ? prev : next)));
  }, [editor, stableSettings, profile]);

  // At opening, at each 'Check my draft', when the settings or the voice profile change, and after an AI run.
  useEffect(() => {
    void run();
  }, [run, request, aiVersion]);

  // Again once typing pauses; a finding whose words changed has already gone from the text.
  useEffect(() => {
    let timer: number | undefined;
    const onUpdate = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void run(), RECHECK_MS);
    };
    editor.on('update', onUpdate);
    return () => {
      window.clearTimeout(timer);
      editor.off('update', onUpdate);
    };
  }, [editor, run]);

  const shown = useMemo(
    () => visibleFindings({ findings: found, ignored: stableIgnored, disabledRules: stableSettings.disabledRules }),
    [found, stableIgnored, stableSettings],
  );

  // The shown findings drawn in the text (the ignored ones and the switched-off rules are not). Only what changed is
  // sent: a finding already drawn has followed every edit, so 5,000 findings are not placed again after each pause.
  useEffect(() => {
    if (editor.isDestroyed) return;
    const drawn = new Map(anchorsOf(editor.state).map((a) => [a.id, a]));
    const fresh = shown.filter((f) => drawn.get(f.id)?.message !== f.message);
    const keep = new Set(shown.map((f) => f.id));
    const redrawn = new Set(fresh.map((f) => f.id));
    const remove = [...drawn.keys()].filter((id) => !keep.has(id) || redrawn.has(id));
    if (fresh.length === 0 && remove.length === 0) return;
    const add = anchorFindings({ doc: editor.state.doc, findings: fresh });
    editor.view.dispatch(editor.state.tr.setMeta(checksKey, { add, remove }).setMeta('addToHistory', false));
  }, [editor, shown]);

  const order = useMemo(() => {
    void found;
    return new Map([...blockStarts(editor.state.doc)].map(([blockId, b]) => [blockId, b.index]));
  }, [editor, found]);

  const setAi = useCallback(
    (findings: CheckFinding[]) => {
      checksSession(editor).ai = findings;
      // Drawn first so the run that follows keeps them (it keeps the AI's findings still in the text).
      const anchors = anchorFindings({ doc: editor.state.doc, findings });
      editor.view.dispatch(editor.state.tr.setMeta(checksKey, { anchors: [...anchorsOf(editor.state), ...anchors] }).setMeta('addToHistory', false));
      setAiVersion((v) => v + 1);
    },
    [editor],
  );

  // The same array while nothing changed: the panel re-renders with the editor, and grouping 5,000 findings is not free.
  const listed = useMemo(() => shown.filter((f) => live.has(f.id)), [shown, live]);

  return {
    findings: listed,
    order,
    running,
    ownShare: share,
    setAi,
    blocks: () => scopedBlocks(editor),
  };
}
