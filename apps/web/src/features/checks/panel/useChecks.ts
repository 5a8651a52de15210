/**
 * The Checks panel's engine (docs/CHECKS.md "The Checks panel"): the local and voice checks at
 * opening and again 300 ms after typing stops (the rules in a worker), the AI checks on demand,
 * the findings drawn in the text, and the list kept to the findings whose words are still there.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Editor } from '@tiptap/core';
import type { CheckFinding, CheckSettings, VoiceStats } from '@bree/contracts';
import { checkInWorker, checkWithVoiceInWorker } from '../local/localChecksClient';
import { anchorFindings, blockStarts, checkBlocks } from './anchors';
import type { Anchor } from './anchors';
import { anchorsOf, checksKey, createChecksPlugin } from './checksPlugin';
import { visibleFindings } from './panelState';
import { checksSession } from './session';

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
    let shown = '';
    // Only a change of the findings in the text renders the list again, not every keystroke.
    const onTransaction = () => {
      const ids = anchorsOf(editor.state).map((a) => a.id);
      const key = ids.join('\n');
      if (key === shown) return;
      shown = key;
      setLive(new Set(ids));
    };
    editor.on('transaction', onTransaction);
    return () => {
      editor.off('transaction', onTransaction);
      if (!editor.isDestroyed) editor.unregisterPlugin(checksKey);
    };
  }, [editor]);

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
    setFound([...result.findings, ...session.ai]);
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

  // The shown findings drawn in the text (the ignored ones and the switched-off rules are not).
  useEffect(() => {
    if (editor.isDestroyed) return;
    const anchors = anchorFindings({ doc: editor.state.doc, findings: shown });
    editor.view.dispatch(editor.state.tr.setMeta(checksKey, { anchors }).setMeta('addToHistory', false));
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

  return {
    findings: shown.filter((f) => live.has(f.id)),
    order,
    running,
    ownShare: share,
    setAi,
    blocks: () => scopedBlocks(editor),
  };
}
