/** The formats a document downloads in: its own module, so routes name them without loading the renderers. */
export const EXPORT_FORMATS = ['txt', 'md', 'html', 'docx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
