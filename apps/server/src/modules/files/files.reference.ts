import { text } from 'drizzle-orm/pg-core';
import { files } from './files.table';

/**
 * A column of another module's table that names a document: `text(name)` with the foreign key to
 * `files.id` (deleting the document deletes the row). The one way a table outside this module
 * reaches `files`, so none imports files.table.ts; the generated migrations are the same as with
 * `.references(() => files.id, { onDelete: 'cascade' })` written in place. Kept apart from
 * files.port.ts so that drizzle-kit, which reads every `*.table.ts`, loads only the table.
 */
export function fileIdColumn(name: string) {
  return text(name).references(() => files.id, { onDelete: 'cascade' });
}
