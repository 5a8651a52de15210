import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { newVerifiedUser, onApp, type TestUser } from './api-client';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from './harness';

/** One document of the publishing account, on a Bree that lets it publish: what the format tests download, share and publish. */
export interface PublisherDocument {
  t: TestApp;
  writer: TestUser;
  fileId: string;
  filePath: string;
  /** The document downloaded in one export format (md, txt, html, docx). */
  download(format: string): Promise<LightMyRequestResponse>;
}

export async function publisherWithDocument({ email, filePath, content }: { email: string; filePath: string; content: unknown }): Promise<PublisherDocument> {
  // The publishing tenant is named by id, so its account exists before the Bree that names it (as in publishing.test.ts).
  await resetDatabase(await getTestDatabase());
  const setup = await createTestApp();
  const account = await newVerifiedUser(setup, email);
  await setup.close();
  const t = await createTestApp({ ADMIN_EMAILS: email, PUBLISHING_TENANT: account.sub });
  const writer = onApp(t.app, account);
  const created = await writer.call('POST', '/api/files/create', { filePath, content });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const name: string = created.body.file.name ?? filePath;
  const download = (format: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/files/${encodeURIComponent(writer.sub)}/${encodeURIComponent(name)}/download?format=${format}`,
      headers: { authorization: `Bearer ${writer.token}` },
    });
  return { t, writer, fileId: created.body.file.id, filePath: name, download };
}
