import type { InfiniteData } from '@tanstack/react-query';
import type { FileSummary } from '@bree/contracts';

/** One page of GET /files/list-paged. */
export interface ListPage {
  items: FileSummary[];
  nextCursor: string | null;
  hasMore: boolean;
}
/** The infinite list query's cache. */
export type ListCache = InfiniteData<ListPage, unknown>;
/** The search query's cache. */
export interface SearchCache {
  items: FileSummary[];
}
/** Any documents query's cache. */
export type DocumentsCache = ListCache | SearchCache;

/** Where a file sat in a cache before an optimistic change, so a rollback can put it back. */
export interface CapturedFile {
  page: number;
  index: number;
  item: FileSummary;
}

function isList(data: DocumentsCache): data is ListCache {
  return 'pages' in data;
}

function pagesOf(data: DocumentsCache): FileSummary[][] {
  return isList(data) ? data.pages.map((p) => p.items) : [data.items];
}

function withPages<D extends DocumentsCache>(data: D, pages: FileSummary[][]): D {
  if (isList(data)) return { ...data, pages: data.pages.map((p, i) => ({ ...p, items: pages[i] ?? [] })) };
  return { ...data, items: pages[0] ?? [] };
}

/** Every file of a cache in order, without duplicates (keyset pages can overlap after renames). */
export function flattenFiles(data: DocumentsCache | undefined): FileSummary[] {
  if (!data) return [];
  const seen = new Set<string>();
  return pagesOf(data)
    .flat()
    .filter((f) => (seen.has(f.id) ? false : (seen.add(f.id), true)));
}

/** Records where the given files are, before changing them. */
export function captureFiles(data: DocumentsCache | undefined, ids: ReadonlySet<string>): CapturedFile[] {
  if (!data) return [];
  return pagesOf(data).flatMap((items, page) => items.flatMap((item, index) => (ids.has(item.id) ? [{ page, index, item }] : [])));
}

/** Maps the given files; a null answer removes the file. */
export function patchFiles<D extends DocumentsCache>(data: D, ids: ReadonlySet<string>, patch: (file: FileSummary) => FileSummary | null): D {
  const pages = pagesOf(data).map((items) => items.flatMap((item) => (ids.has(item.id) ? (patch(item) ?? []) : [item])));
  return withPages(data, pages);
}

/** Rollback: captured files replace their current version, or return to where they were. */
export function restoreFiles<D extends DocumentsCache>(data: D, captured: readonly CapturedFile[]): D {
  if (captured.length === 0) return data;
  const pages = pagesOf(data).map((items) => [...items]);
  // Earliest positions first, so each insertion index is still meaningful.
  for (const { page, index, item } of [...captured].sort((a, b) => a.page - b.page || a.index - b.index)) {
    const at = pages.findIndex((items) => items.some((f) => f.id === item.id));
    if (at >= 0) {
      const items = pages[at]!;
      items[items.findIndex((f) => f.id === item.id)] = item;
      continue;
    }
    const target = pages[Math.min(page, pages.length - 1)];
    if (target) target.splice(Math.min(index, target.length), 0, item);
  }
  return withPages(data, pages);
}
