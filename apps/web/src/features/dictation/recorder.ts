import type { VoiceFailureStage } from './errors';

/** Why a recording could not start: the stage it failed at, and whether the browser had already blocked the microphone. */
export class VoiceStartError extends Error {
  readonly stage: VoiceFailureStage;
  readonly blockedBefore: boolean;
  override readonly cause: unknown;
  constructor({ stage, cause, blockedBefore = false }: { stage: VoiceFailureStage; cause: unknown; blockedBefore?: boolean }) {
    super(cause instanceof Error ? cause.message : 'The recording could not start.');
    this.name = 'VoiceStartError';
    this.stage = stage;
    this.cause = cause;
    this.blockedBefore = blockedBefore;
  }
}

export interface Recording {
  audio: Blob;
  durationMs: number;
}

export interface Recorder {
  /** Ends the recording: the whole take, as one file. */
  stop(): Promise<Recording>;
  /** Ends the recording and throws it away. */
  cancel(): void;
  /** The input level now, 0 to 1 (for the level meter). */
  level(): number;
  elapsedMs(): number;
}

/** The first container this browser records that the server accepts (Opus in WebM or Ogg, else MP4). */
function pickMimeType(): string | undefined {
  const candidates = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];
  return candidates.find((type) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type));
}

/** Whether the browser already remembers the microphone as blocked for this site (not every browser can say). */
async function blockedByBrowser(): Promise<boolean> {
  try {
    const status = await navigator.permissions?.query({ name: 'microphone' as PermissionName });
    return status?.state === 'denied';
  } catch {
    return false;
  }
}

/**
 * Records the microphone. The whole take goes to one MediaRecorder; a second one is restarted every
 * `chunkMs` so each live-preview chunk is a complete file the server can read on its own.
 */
export async function startRecorder({ chunkMs, onChunk }: { chunkMs: number; onChunk(chunk: Recording, index: number): void }): Promise<Recorder> {
  const blockedBefore = await blockedByBrowser();
  let stream: MediaStream;
  try {
    if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('No microphone API in this browser.', 'NotSupportedError');
    stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
  } catch (cause) {
    throw new VoiceStartError({ stage: 'permission', cause, blockedBefore });
  }
  const stopTracks = () => stream.getTracks().forEach((track) => track.stop());
  const mimeType = pickMimeType();
  let context: AudioContext | null = null;
  let analyser: AnalyserNode | null = null;
  let main: MediaRecorder;
  const parts: Blob[] = [];
  const startedAt = performance.now();
  try {
    main = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    main.ondataavailable = (e) => {
      if (e.data.size > 0) parts.push(e.data);
    };
    main.start();
    // The meter is a nicety: a browser without Web Audio still records.
    try {
      context = new AudioContext();
      analyser = context.createAnalyser();
      analyser.fftSize = 1024;
      context.createMediaStreamSource(stream).connect(analyser);
    } catch {
      analyser = null;
    }
  } catch (cause) {
    stopTracks();
    throw new VoiceStartError({ stage: 'recording', cause });
  }

  let running = true;
  let segment: MediaRecorder | null = null;
  let index = 0;
  const nextSegment = () => {
    if (!running) return;
    const chunk: Blob[] = [];
    const began = performance.now();
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const number = index++;
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunk.push(e.data);
    };
    recorder.onstop = () => {
      const blob = new Blob(chunk, { type: recorder.mimeType || mimeType || 'audio/webm' });
      if (blob.size > 0) onChunk({ audio: blob, durationMs: performance.now() - began }, number);
      nextSegment();
    };
    recorder.start();
    segment = recorder;
    window.setTimeout(() => {
      if (recorder.state !== 'inactive') recorder.stop();
    }, chunkMs);
  };
  nextSegment();

  const samples = new Uint8Array(analyser?.fftSize ?? 0);
  const finish = () => {
    running = false;
    if (segment && segment.state !== 'inactive') {
      segment.onstop = null;
      segment.stop();
    }
    void context?.close().catch(() => undefined);
  };

  return {
    level() {
      if (!analyser) return 0;
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const v of samples) sum += ((v - 128) / 128) ** 2;
      // Speech sits around 0.05-0.3 RMS: scaled so talking fills most of the meter.
      return Math.min(1, Math.sqrt(sum / samples.length) * 4);
    },
    elapsedMs: () => performance.now() - startedAt,
    stop() {
      finish();
      const durationMs = performance.now() - startedAt;
      return new Promise<Recording>((resolve) => {
        main.onstop = () => {
          stopTracks();
          resolve({ audio: new Blob(parts, { type: main.mimeType || mimeType || 'audio/webm' }), durationMs });
        };
        main.stop();
      });
    },
    cancel() {
      finish();
      main.onstop = null;
      if (main.state !== 'inactive') main.stop();
      stopTracks();
    },
  };
}
