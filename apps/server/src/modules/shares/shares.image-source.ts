import type { DocJSON } from '@bree/editor';
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/db';
import { documentsRelationSql } from '../files/files.port';
import { shares } from './shares.table';

const LIVE_DOCUMENTS = documentsRelationSql({ columns: ['id', 'tenant_id', 'content'] });
/** The shape of a slug this server made (shares.service.ts); anything else is answered without a query. */
const SLUG_SHAPE = /^[A-Za-z0-9_-]{24}$/;

/**
 * What a shared page's image address is checked against (docs/IMAGES.md "Public pages"): the live
 * shared document's owner and text, or null once the share is switched off, replaced or its
 * document trashed — read on every request, so an image stops answering with its page.
 */
export function createShareImageSource({ db }: { db: Db }) {
  return async (slug: string): Promise<{ tenantId: string; content: DocJSON } | null> => {
    if (!SLUG_SHAPE.test(slug)) return null;
    const rows = await selectRows<{ tenantId: string; content: DocJSON }>(
      db,
      sql`select f.tenant_id as "tenantId", f.content
          from ${shares} join ${LIVE_DOCUMENTS} f on f.tenant_id = ${shares.tenantId} and f.id = ${shares.fileId}
          where ${shares.slug} = ${slug}
          limit 1`,
    );
    return rows[0] ?? null;
  };
}
export type ShareImageSource = ReturnType<typeof createShareImageSource>;
