import { useCallback, useEffect, useRef, useState } from 'react';
import type { Editor } from '@tiptap/core';
import { ulid } from 'ulid';
import { DICTATION_LIMITS, type DictationAnswer, type ProvenanceAttrs } from '@bree/contracts';
import { useServices } from '../../app/services';
import { notify } from '../../lib/toast';
import { acknowledgeRecording, sendPreviewChunk, sendRecording } from './api';
import { voiceErrorMessage } from './errors';
import { startLivePreview, type LivePreview } from './livePreview';
import { startRecorder, VoiceStartError, type Recorder } from './recorder';

export type DictationPhase = 'idle' | 'starting' | 'recording' | 'transcribing';

const POLISH_KEY = 'bree.dictation.polish';

/** The polish toggle, remembered in this browser; on unless the writer turned it off. */
function usePolishSetting(): [boolean, (on: boolean) => void] {
  const [polish, setPolish] = useState(() => {
    try {
      return localStorage.getItem(POLISH_KEY) !== 'false';
    } catch {
      return true;
    }
  });
  const set = useCallback((on: boolean) => {
    setPolish(on);
    try {
      localStorage.setItem(POLISH_KEY, String(on));
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }, []);
  return [polish, set];
}

export interface DictationOptions {
  editor: Editor;
  fileId: string;
  /** 'document': at the caret; 'instruction': handed to `onText` (the Modify instruction). */
  target: 'document' | 'instruction';
  onText?(text: string): void;
}

/**
 * One dictation at a time: record with a level meter and timer, live words from short chunks,
 * then the final (polished) text from the server, at the caret as one undo step or to `onText`.
 */
export function useDictation({ editor, fileId, target, onText }: DictationOptions) {
  const { api } = useServices();
  const [phase, setPhase] = useState<DictationPhase>('idle');
  const [preview, setPreview] = useState('');
  const [level, setLevel] = useState(0);
  const [elapsedMs, setElapsedMs] = useState(0);
  const [polish, setPolish] = usePolishSetting();
  const recorder = useRef<Recorder | null>(null);
  const live = useRef<LivePreview | null>(null);
  const chunks = useRef<string[]>([]);
  const inFlight = useRef<AbortController | null>(null);
  const onTextRef = useRef(onText);
  onTextRef.current = onText;

  // Level and timer follow the recording frame by frame.
  useEffect(() => {
    if (phase !== 'recording') return;
    let frame = 0;
    const tick = () => {
      const r = recorder.current;
      if (r) {
        setLevel(r.level());
        setElapsedMs(r.elapsedMs());
        // The server refuses a take past the limit: it ends there by itself.
        if (r.elapsedMs() >= DICTATION_LIMITS.maxRecordingSeconds * 1000) void stopRef.current();
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [phase]);

  // Leaving the editor mid-transcription closes the request: the server then writes the text into the document itself.
  useEffect(
    () => () => {
      recorder.current?.cancel();
      inFlight.current?.abort();
      live.current?.cancel();
    },
    [],
  );

  const showChunk = useCallback((text: string, index: number) => {
    chunks.current[index] = text;
    const joined = chunks.current.filter(Boolean).join(' ');
    setPreview(joined);
    live.current?.show(joined);
  }, []);

  const start = useCallback(async () => {
    if (phase !== 'idle') return;
    setPhase('starting');
    chunks.current = [];
    setPreview('');
    try {
      recorder.current = await startRecorder({
        chunkMs: DICTATION_LIMITS.chunkMs,
        onChunk: ({ audio, durationMs }, index) => {
          // The live words are a preview: a chunk that fails only leaves a gap until the final text.
          sendPreviewChunk(api, { fileId, audio, durationMs }).then(
            (text) => recorder.current && showChunk(text, index),
            () => undefined,
          );
        },
      });
    } catch (error) {
      setPhase('idle');
      const stage = error instanceof VoiceStartError ? error.stage : 'recording';
      const cause = error instanceof VoiceStartError ? error.cause : error;
      notify.error(voiceErrorMessage(cause, stage, { blockedBefore: error instanceof VoiceStartError && error.blockedBefore }));
      return;
    }
    if (target === 'document') live.current = startLivePreview(editor);
    setElapsedMs(0);
    setPhase('recording');
  }, [phase, api, fileId, target, editor, showChunk]);

  const stop = useCallback(async () => {
    const r = recorder.current;
    if (!r) return;
    recorder.current = null;
    setPhase('transcribing');
    const abort = new AbortController();
    inFlight.current = abort;
    try {
      const { audio, durationMs } = await r.stop();
      const answer = await sendRecording(api, { fileId, audio, durationMs, polish, target }, abort.signal);
      if (target === 'document') {
        // delivered false: the server already put the text into the document (this page had been away).
        if (answer.delivered && live.current) {
          live.current.finish(answer.paragraphs, polishProvenance(answer));
          // The words are in the editor (and its local copy): the server need not write them itself (docs/DICTATION.md).
          if (answer.receipt) acknowledgeRecording(api, answer.receipt);
        } else live.current?.cancel();
      } else if (answer.text) onTextRef.current?.(answer.text);
    } catch (error) {
      live.current?.cancel();
      if (!abort.signal.aborted) notify.error(voiceErrorMessage(error, 'server'));
    } finally {
      live.current = null;
      inFlight.current = null;
      setPreview('');
      setPhase('idle');
    }
  }, [api, fileId, polish, target]);
  const stopRef = useRef(stop);
  stopRef.current = stop;

  const cancel = useCallback(() => {
    recorder.current?.cancel();
    recorder.current = null;
    live.current?.cancel();
    live.current = null;
    setPreview('');
    setPhase('idle');
  }, []);

  return { phase, preview, level, elapsedMs, polish, setPolish, start, stop, cancel };
}

/** The provenance mark of polished words (the recording stands as their operation); the writer's transcribed words carry none. */
export function polishProvenance(answer: Pick<DictationAnswer, 'polished' | 'tier'>, at: Date = new Date()): ProvenanceAttrs | undefined {
  if (!answer.polished) return undefined;
  return { operationId: ulid(), action: 'dictation', tier: answer.tier ?? 'fast', at: at.toISOString() };
}
