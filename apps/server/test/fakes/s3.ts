import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake received, for assertions (its path is /bucket/key, path-style). */
export interface FakeS3Request {
  method: string;
  path: string;
  /** Whether the AWS SDK signed it (Signature Version 4). */
  signed: boolean;
}

/**
 * A local S3-compatible store answering the object calls Bree's storage makes (PutObject,
 * GetObject, DeleteObject) with path-style URLs, as MinIO does. Objects live in memory.
 */
export interface FakeS3 {
  endpoint: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  requests: FakeS3Request[];
  close(): Promise<void>;
}

/** Bree's S3_* settings pointing at this fake. */
export function fakeS3Env(fake: Pick<FakeS3, 'endpoint'>, bucket = 'bree-test'): Record<string, string> {
  return {
    S3_ENDPOINT: fake.endpoint,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'fake-access-key',
    S3_SECRET_ACCESS_KEY: 'fake-secret-key',
    S3_FORCE_PATH_STYLE: 'true',
  };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const NO_SUCH_KEY = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>';

export async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: FakeS3Request[] = [];
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://fake').pathname);
    requests.push({ method: req.method ?? '', path, signed: String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256') });
    const body = await readBody(req);
    if (req.method === 'PUT') {
      objects.set(path, { body, contentType: String(req.headers['content-type'] ?? 'application/octet-stream') });
      res.writeHead(200, { etag: '"fake"' }).end();
      return;
    }
    if (req.method === 'GET') {
      const object = objects.get(path);
      if (!object) {
        res.writeHead(404, { 'content-type': 'application/xml' }).end(NO_SUCH_KEY);
        return;
      }
      res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length }).end(object.body);
      return;
    }
    if (req.method === 'DELETE') {
      objects.delete(path);
      res.writeHead(204).end();
      return;
    }
    res.writeHead(405).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
