import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake answers to one transcription: the words it "heard", or an HTTP failure. */
export type TranscriptionScript = { kind: 'text'; text: string; durationSeconds?: number } | { kind: 'status'; status: number };

/** A transcription request as received: the model, the uploaded file's bytes and its declared type. */
export interface TranscriptionRequest {
  model: string;
  bytes: Uint8Array;
  fileType: string;
}

export interface FakeTranscription {
  baseUrl: string;
  requests: TranscriptionRequest[];
  /** Queues answers for the next requests; without one, DEFAULT_TRANSCRIPT. */
  script(...scripts: TranscriptionScript[]): void;
  /** Answers every request with `script` while no queued one comes first (null: back to the default). */
  always(script: TranscriptionScript | null): void;
  /** Holds every answer until the returned function is called (to look at Bree while it waits). */
  pause(): () => void;
  close(): Promise<void>;
}

/** A raw dictation with the filler words a polish removes. */
export const DEFAULT_TRANSCRIPT = 'um so the garden was quiet this morning you know and the roses were open';

/** Bree's settings for this fake: dictation through the OpenAI audio API at the fake's address. */
export function fakeTranscriptionEnv(fake: Pick<FakeTranscription, 'baseUrl'>): Record<string, string> {
  return { AI_TRANSCRIPTION_MODEL: 'openai:whisper-1', OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'test' };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The length of a PCM WAV from its header, as a real service reports `duration`; undefined for other containers. */
function wavDuration(bytes: Uint8Array): number | undefined {
  if (String.fromCharCode(...bytes.subarray(0, 4)) !== 'RIFF') return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let byteRate = 0;
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = String.fromCharCode(...bytes.subarray(at, at + 4));
    const size = view.getUint32(at + 4, true);
    if (id === 'fmt ') byteRate = view.getUint32(at + 16, true);
    if (id === 'data') return byteRate ? Math.min(size, bytes.length - at - 8) / byteRate : undefined;
    at += 8 + size + (size % 2);
  }
  return undefined;
}

/**
 * A local server speaking the OpenAI audio API (POST /v1/audio/transcriptions, multipart with
 * `file` and `model`), as whisper.cpp and faster-whisper servers do. It cannot hear: it answers
 * scripted words, but only for a real upload (a file part with bytes), and reports a WAV's duration.
 */
export async function startFakeTranscription(): Promise<FakeTranscription> {
  const queue: TranscriptionScript[] = [];
  const requests: TranscriptionRequest[] = [];
  let standing: TranscriptionScript | null = null;
  let paused: Promise<void> | null = null;
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') return void res.writeHead(404).end();
      const body = await readBody(req);
      const form = await new Request('http://fake/', {
        method: 'POST',
        headers: { 'content-type': String(req.headers['content-type']) },
        body: new Uint8Array(body),
      }).formData();
      const file = form.get('file');
      if (!(file instanceof Blob) || file.size === 0) {
        res.writeHead(400, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ error: { message: 'file is required', type: 'invalid_request_error' } }));
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      requests.push({ model: String(form.get('model')), bytes, fileType: file.type });
      const script = queue.shift() ?? standing ?? { kind: 'text', text: DEFAULT_TRANSCRIPT };
      if (paused) await paused;
      if (script.kind === 'status') {
        res.writeHead(script.status, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ error: { message: 'transcription failed', type: 'server_error' } }));
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ text: script.text, language: 'english', duration: script.durationSeconds ?? wavDuration(bytes) ?? 1, segments: [] }));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...scripts) => void queue.push(...scripts),
    always: (script) => void (standing = script),
    pause() {
      let release = () => {};
      paused = new Promise<void>((resolve) => (release = resolve));
      return () => {
        paused = null;
        release();
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
