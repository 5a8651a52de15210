import { useState } from 'react';
import { Card } from '../../ui';
import { convertFile } from './convert';
import { importKindOf } from './validate';

interface Timing {
  name: string;
  kind: string;
  ms: number;
  blocks: number;
}

/**
 * An internal tool (shown on /api-test): converts the chosen files with the real import code,
 * without saving, and lists how long each took. The import benchmark drives it.
 */
export function ConversionTimer() {
  const [timings, setTimings] = useState<Timing[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const convert = async (files: FileList | null) => {
    setTimings(null);
    setError(null);
    const out: Timing[] = [];
    try {
      for (const file of Array.from(files ?? [])) {
        const kind = importKindOf(file.name);
        if (!kind) throw new Error(`Unsupported file type: ${file.name}`);
        const started = performance.now();
        const doc = await convertFile(file, kind);
        out.push({ name: file.name, kind, ms: performance.now() - started, blocks: doc.content?.length ?? 0 });
      }
      setTimings(out);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Card>
      <h2 className="font-serif text-lg font-semibold text-ink">Import conversion timing</h2>
      <p className="mt-1 text-sm text-muted">Converts files in this browser as an import would, without saving them.</p>
      <label className="mt-3 block text-sm text-ink">
        Files to convert
        <input type="file" multiple className="mt-1 block text-sm" onChange={(e) => void convert(e.target.files)} />
      </label>
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
      {timings && (
        <table className="mt-3 w-full text-sm" aria-label="Conversion timings">
          <thead>
            <tr>
              <th className="text-left">File</th>
              <th className="text-left">Kind</th>
              <th className="text-right">Blocks</th>
              <th className="text-right">ms</th>
            </tr>
          </thead>
          <tbody>
            {timings.map((t) => (
              <tr key={t.name} data-ms={t.ms.toFixed(1)} data-kind={t.kind}>
                <td>{t.name}</td>
                <td>{t.kind}</td>
                <td className="text-right">{t.blocks}</td>
                <td className="text-right">{t.ms.toFixed(1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
