import type { ImportProblem } from './errors';

/** Main thread → import worker: one .docx file's bytes (transferred, not copied). */
export interface DocxRequest {
  bytes: ArrayBuffer;
}

/** Import worker → main thread: mammoth's HTML, or the problem that stopped it. */
export type DocxReply = { ok: true; html: string } | { ok: false; problem: ImportProblem };
