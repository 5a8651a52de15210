import type { DocJSON } from '@bree/editor';
import type * as ExportersModule from './files.export';
import type { ExportOptions } from './files.export';

type Exporters = typeof ExportersModule;
let loading: Promise<Exporters> | null = null;

/**
 * The export renderers (TipTap's HTML renderer, docx, turndown) take about a second to load, so
 * they load with the first download, shared page or post, not while Bree starts.
 */
export function loadExporters(): Promise<Exporters> {
  return (loading ??= import('./files.export'));
}

/** exportDocument of files.export.ts, loading the renderers first. */
export async function exportDocumentLazily(doc: DocJSON, opts: ExportOptions): ReturnType<Exporters['exportDocument']> {
  return (await loadExporters()).exportDocument(doc, opts);
}

/** docToHtml of files.export.ts (provenance marks left out), loading the renderers first. */
export async function docToHtmlLazily(doc: DocJSON): Promise<string> {
  return (await loadExporters()).docToHtml(doc);
}
