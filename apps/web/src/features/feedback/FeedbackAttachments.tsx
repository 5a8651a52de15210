import { useEffect, useMemo } from 'react';
import { Button } from '../../ui';

/** A size as people read it. */
export function readableSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** The captured or pasted screenshot, shown small, with a way to remove it. */
export function ScreenshotPreview({ image, onRemove, disabled }: { image: Blob; onRemove(): void; disabled: boolean }) {
  const url = useMemo(() => URL.createObjectURL(image), [image]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <div className="flex items-center gap-3 rounded-md border border-line p-2">
      <img src={url} alt="Screenshot to send" className="h-16 w-28 rounded object-cover object-top" />
      <span className="flex-1 text-sm text-ink-soft">Screenshot · {readableSize(image.size)}</span>
      <Button variant="ghost" size="sm" onClick={onRemove} disabled={disabled}>
        Remove screenshot
      </Button>
    </div>
  );
}

/** The attached files, each with its size and a remove button. */
export function AttachedFiles({ files, onRemove, disabled }: { files: File[]; onRemove(index: number): void; disabled: boolean }) {
  if (files.length === 0) return null;
  return (
    <ul aria-label="Attached files" className="divide-y divide-line rounded-md border border-line">
      {files.map((file, index) => (
        <li key={`${file.name}-${index}`} className="flex items-center gap-2 px-3 py-1.5 text-sm">
          <span className="min-w-0 flex-1 truncate text-ink">{file.name}</span>
          <span className="text-muted">{readableSize(file.size)}</span>
          <Button variant="ghost" size="sm" aria-label={`Remove ${file.name}`} onClick={() => onRemove(index)} disabled={disabled}>
            Remove
          </Button>
        </li>
      ))}
    </ul>
  );
}
