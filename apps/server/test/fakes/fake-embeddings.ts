import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The concepts of the fake's tiny vocabulary: words of one concept share a dimension, so "port"
 * and "harbour" point the same way and "mountain" elsewhere. Other words carry no meaning here;
 * a text without any concept word points along the last dimension, 'other' (never a zero vector,
 * as with a real model).
 */
export const CONCEPTS: Record<string, string[]> = {
  harbour: ['harbour', 'harbor', 'port', 'dock', 'docks', 'quay', 'pier', 'wharf', 'ships', 'ship', 'boats'],
  mountain: ['mountain', 'mountains', 'peak', 'summit', 'ridge', 'climb', 'alpine'],
  kitchen: ['kitchen', 'bread', 'oven', 'baking', 'flour', 'recipe'],
  garden: ['garden', 'roses', 'soil', 'seeds', 'bloom'],
};
const DIMENSIONS = [...Object.keys(CONCEPTS), 'other'];
const CONCEPT_OF = new Map(Object.entries(CONCEPTS).flatMap(([concept, words]) => words.map((w) => [w, DIMENSIONS.indexOf(concept)] as const)));

/**
 * The fixed vector of a text: its concept words counted per dimension, normalised, then padded
 * with zeros to `dimensions` (the size of a real model's vectors, for benchmarks; cosine is unchanged).
 */
export function conceptVector(text: string, dimensions = DIMENSIONS.length): number[] {
  const vector = Array.from({ length: DIMENSIONS.length }, (): number => 0);
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  for (const word of words) {
    const dimension = CONCEPT_OF.get(word);
    if (dimension !== undefined) vector[dimension]! += 1;
  }
  if (!vector.some((v) => v > 0)) vector[DIMENSIONS.length - 1] = 1;
  const length = Math.hypot(...vector);
  const padding = Array.from({ length: Math.max(0, dimensions - vector.length) }, (): number => 0);
  return [...vector.map((v) => v / length), ...padding];
}

/** One POST /v1/embeddings as received. */
export interface EmbeddingRequest {
  model: string;
  inputs: string[];
}

export interface FakeEmbeddings {
  baseUrl: string;
  requests: EmbeddingRequest[];
  /** Every text embedded so far, in order. */
  inputs(): string[];
  /** Answers the next requests with this HTTP status (null: answer normally again). */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

/** Tokens the fake reports: one per word, so tests can tell the provider's count from Bree's estimate. */
export const fakeTokens = (texts: string[]): number => texts.reduce((sum, t) => sum + (t.match(/\S+/g) ?? []).length, 0);

/** Bree's settings for this fake as an OpenAI-compatible embedding server (the way a local Ollama is set up). */
export function fakeEmbeddingsEnv(fake: Pick<FakeEmbeddings, 'baseUrl'>, model = 'fake-embed'): Record<string, string> {
  return { AI_EMBEDDING_MODEL: `openai-compatible:${model}`, AI_OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A local server speaking the OpenAI embeddings API (POST /v1/embeddings with `model` and `input`,
 * answered `{ data: [{ embedding, index }], usage }`), as OpenAI, Ollama and llama.cpp do.
 */
export async function startFakeEmbeddings({ dimensions }: { dimensions?: number } = {}): Promise<FakeEmbeddings> {
  const requests: EmbeddingRequest[] = [];
  let failure: number | null = null;
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/embeddings') return void res.writeHead(404).end();
      const body = (await readJson(req)) as { model?: unknown; input?: unknown };
      const inputs = typeof body.input === 'string' ? [body.input] : Array.isArray(body.input) ? body.input.map(String) : [];
      if (failure !== null) {
        res.writeHead(failure, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ error: { message: 'the fake was told to fail', type: 'server_error' } }));
      }
      requests.push({ model: String(body.model), inputs });
      const tokens = fakeTokens(inputs);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          object: 'list',
          model: body.model,
          data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: conceptVector(text, dimensions) })),
          usage: { prompt_tokens: tokens, total_tokens: tokens },
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    inputs: () => requests.flatMap((r) => r.inputs),
    failWith(status) {
      failure = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
