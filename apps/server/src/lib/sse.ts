import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** One server-sent event as the contracts describe them: a name and its JSON data. */
export interface SseEvent {
  event: string;
  data: unknown;
}

/** An open event stream: frames written while the client listens, then ended. */
export interface EventStream<E extends SseEvent> {
  /** Sends one event; nothing once the client has gone or the stream ended. */
  write(event: E): void;
  end(): void;
  /** Runs once the connection closes, however it closed. */
  onClose(listener: () => void): void;
}

const HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  // nginx would otherwise hold the frames back until its buffer fills.
  'x-accel-buffering': 'no',
} as const;

/** One SSE frame. */
export const sseFrame = (e: SseEvent): string => `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`;

/** Whether a request prefers server-sent events to a JSON answer. */
export const wantsEventStream = (accept: string | undefined): boolean => accept?.includes('text/event-stream') ?? false;

/** An AbortSignal that fires when the client goes away (Stop, a closed tab, a dropped connection) before the answer ended. */
export function closedByClient(res: ServerResponse): AbortSignal {
  const abort = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) abort.abort('client closed');
  });
  return abort.signal;
}

/**
 * The SSE replies of one route plugin: each opened on a hijacked reply with the same headers, and
 * every one still open at a shutdown ended (`end`: the client reconnects and follows elsewhere) or
 * cut (`destroy`: the client's Stop, so what arrived is stored) before the server closes.
 */
export function createEventStreams(app: FastifyInstance, { onShutdown }: { onShutdown: 'end' | 'destroy' }) {
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of open) {
      if (onShutdown === 'end') res.end();
      else res.destroy();
    }
  });
  return {
    /** Takes the reply over from Fastify and starts the event stream on it. */
    open<E extends SseEvent>(reply: FastifyReply): EventStream<E> {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, HEADERS);
      open.add(res);
      res.once('close', () => open.delete(res));
      return {
        write(e) {
          if (!res.writableEnded && !res.destroyed) res.write(sseFrame(e));
        },
        end: () => void res.end(),
        onClose: (listener) => void res.once('close', listener),
      };
    },
  };
}
