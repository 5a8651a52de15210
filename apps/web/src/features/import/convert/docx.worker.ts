import { docxToHtml } from './docx';
import { isImportError } from './errors';
import type { DocxReply, DocxRequest } from './docxProtocol';

/** The slice of a worker's global scope used here (the app's TS lib is DOM, not WebWorker). */
interface WorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<DocxRequest>) => void): void;
  postMessage(message: DocxReply): void;
}

const scope = self as unknown as WorkerScope;

// Unzipping and mammoth's XML work run here so a large or hostile file never freezes the page.
scope.addEventListener('message', (event) => {
  docxToHtml(event.data.bytes).then(
    (html) => scope.postMessage({ ok: true, html }),
    (error: unknown) => scope.postMessage({ ok: false, problem: isImportError(error) ? error.problem : 'docx_malformed' }),
  );
});
