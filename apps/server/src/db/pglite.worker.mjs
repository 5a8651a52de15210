// The embedded database's own thread. PGlite runs PostgreSQL compiled to WebAssembly on the thread
// that made it: on Bree's event loop, storing a 4.85 MB document held every other request for over
// 100 ms. Here it runs beside it; `pglite-thread.ts` is the main thread's side, and the messages
// between them are described there. Plain JavaScript: a worker thread has no TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pgliteExtensions } from './pglite-extensions.mjs';

const keepText = (value) => value;
const keptAsText = (typeIds) => Object.fromEntries(typeIds.map((type) => [type, keepText]));
// JSON crosses to the main thread as text, which it parses there: a copy of a string is quick, and
// a large document parsed here would reach it as a tree that takes longer to copy than to parse.
const JSON_AS_TEXT = keptAsText([types.JSON, types.JSONB]);
// Dates, intervals and numeric arrays also left as PostgreSQL's text, as drizzle asks of PGlite.
const DRIZZLE_TEXT = keptAsText([types.JSON, types.JSONB, types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182]);

/** An error as plain fields: an Error's own properties (its SQLSTATE `code`, `detail`…) do not survive a copy between threads. */
function plainError(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields = { ...error, name: error.name, message: error.message };
  for (const [key, value] of Object.entries(fields)) if (typeof value === 'function' || (value && typeof value === 'object')) delete fields[key];
  return fields;
}

const { location, loadDataDir } = workerData;
const options = { extensions: pgliteExtensions };
if (loadDataDir) options.loadDataDir = new Blob([loadDataDir], { type: 'application/x-tar' });

let client;
try {
  client = await PGlite.create(location, options);
} catch (error) {
  parentPort.postMessage({ kind: 'failed', error: plainError(error) });
  process.exit(0);
}

/** Open transactions by id: each one's PGlite transaction and how to end it. */
const transactions = new Map();
const stopListening = new Map();
/** What a transaction's callback throws so that PGlite rolls it back. */
const ROLLED_BACK = new Error('rolled back');

const queryOptions = (message) => ({ rowMode: message.rowMode ?? 'object', parsers: message.keepText ? DRIZZLE_TEXT : JSON_AS_TEXT });
const target = (message) => {
  if (message.tx === undefined) return client;
  const open = transactions.get(message.tx);
  if (!open) throw new Error('The transaction has already ended.');
  return open.tx;
};

const operations = {
  query: (message) => target(message).query(message.sql, message.params ?? [], queryOptions(message)),
  exec: (message) => target(message).exec(message.sql, { parsers: JSON_AS_TEXT }),
  begin: (message) =>
    new Promise((started, failed) => {
      const open = {};
      open.ended = client.transaction(
        (tx) =>
          new Promise((commit, rollBack) => {
            Object.assign(open, { tx, commit, rollBack });
            transactions.set(message.id, open);
            started(message.id);
          }),
      );
      open.ended.finally(() => transactions.delete(message.id)).catch(() => undefined);
      // Only a transaction that could not begin answers its `begin` with the error; later ones end it.
      open.ended.catch(failed);
    }),
  async end(message) {
    const open = transactions.get(message.tx);
    if (!open) throw new Error('The transaction has already ended.');
    if (message.commit) {
      open.commit();
      await open.ended;
      return;
    }
    open.rollBack(ROLLED_BACK);
    await open.ended.catch((error) => {
      if (error !== ROLLED_BACK) throw error;
    });
  },
  async listen(message) {
    if (stopListening.has(message.channel)) return;
    const stop = await client.listen(message.channel, (payload) => parentPort.postMessage({ kind: 'notify', channel: message.channel, payload }));
    stopListening.set(message.channel, stop);
  },
  async unlisten(message) {
    await stopListening.get(message.channel)?.();
    stopListening.delete(message.channel);
  },
  async dump() {
    // A checkpoint first writes everything to the data files, so the copy needs no WAL replay.
    await client.query('checkpoint');
    return new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer());
  },
  async close() {
    if (!client.closed) await client.close();
  },
};

parentPort.on('message', (message) => {
  Promise.resolve()
    .then(() => operations[message.op](message))
    .then(
      (value) => {
        const transfer = value instanceof Uint8Array ? [value.buffer] : [];
        parentPort.postMessage({ kind: 'answer', id: message.id, value }, transfer);
      },
      (error) => parentPort.postMessage({ kind: 'answer', id: message.id, error: plainError(error) }),
    );
});
parentPort.postMessage({ kind: 'ready' });
