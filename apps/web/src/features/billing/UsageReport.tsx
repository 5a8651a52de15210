import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { meterFigures, type BillingUsage } from '@bree/contracts';
import { Link } from 'wouter';
import { useServices } from '../../app/services';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/toast';
import { Button, Card, Spinner } from '../../ui';
import { costAxis, formatChartCost } from './chartAxis';
import { useBudget, useUsageReport } from './useBilling';

const money = (dollars: number) => `$${dollars.toFixed(2)}`;

/** The cost per day of the period as bars (Recharts); the table below carries the exact figures. */
export function UsageChart({ days }: { days: BillingUsage['days'] }) {
  if (days.length === 0) return <p className="text-sm text-muted">No AI calls this period.</p>;
  const axis = costAxis(Math.max(...days.map((day) => day.cost)));
  return (
    <div className="h-56 w-full" role="img" aria-label="Cost per day this period">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-line)" vertical={false} />
          <XAxis dataKey="date" tickFormatter={(date: string) => date.slice(8)} fontSize={12} />
          <YAxis
            ticks={axis.ticks}
            domain={[0, axis.ticks.at(-1)!]}
            interval={0}
            tickFormatter={(value: number) => axis.format(value)}
            fontSize={12}
            width={64}
          />
          <Tooltip formatter={(value) => formatChartCost(Number(value))} />
          <Bar dataKey="cost" name="Cost" fill="var(--color-accent)" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

type Line = BillingUsage['totals'];

function Cells({ line }: { line: Line }) {
  return (
    <>
      <td className="px-2 py-1 text-right">{line.fastCalls + line.premiumCalls}</td>
      <td className="px-2 py-1 text-right">{line.tokens.toLocaleString('en-US')}</td>
      <td className="px-2 py-1 text-right">{line.voiceMinutes.toFixed(1)}</td>
      <td className="px-2 py-1 text-right">{money(line.cost)}</td>
    </>
  );
}

/** One table per grouping (day or document), with the period's totals as its last row. */
function UsageTable({ caption, rows, totals }: { caption: string; rows: { key: string; label: React.ReactNode; line: Line }[]; totals: Line }) {
  return (
    <table className="w-full text-sm">
      <caption className="pb-2 text-left font-semibold text-ink">{caption}</caption>
      <thead className="text-muted">
        <tr>
          <th className="px-2 py-1 text-left font-medium">{caption === 'Per day' ? 'Day' : 'Document'}</th>
          <th className="px-2 py-1 text-right font-medium">Calls</th>
          <th className="px-2 py-1 text-right font-medium">Tokens</th>
          <th className="px-2 py-1 text-right font-medium">Voice min</th>
          <th className="px-2 py-1 text-right font-medium">Cost</th>
        </tr>
      </thead>
      <tbody className="text-ink-soft">
        {rows.map((row) => (
          <tr key={row.key} className="border-t border-line">
            <td className="px-2 py-1">{row.label}</td>
            <Cells line={row.line} />
          </tr>
        ))}
        <tr className="border-t border-line-strong font-medium text-ink">
          <td className="px-2 py-1">Total</td>
          <Cells line={totals} />
        </tr>
      </tbody>
    </table>
  );
}

/** Downloads the period's CSV through the API client, so the request carries the bearer token like every call. */
function useCsvDownload(period: string) {
  const { api } = useServices();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const text = await api.get<string>(`/billing/usage.csv?period=${period}`, { headers: { Accept: 'text/csv' } });
      const url = URL.createObjectURL(new Blob([String(text)], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `bree-usage-${period}.csv`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      notify.error(errorMessage(error, 'The CSV could not be downloaded.'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}

/** A per-document row's name (the server's, docs/BILLING.md): a link while the document exists. */
function DocumentLabel({ fileId, name }: { fileId: string | null; name: string | null }) {
  if (fileId === null) return <>Outside a document</>;
  if (name === null) return <span className="text-muted">Deleted document</span>;
  return (
    <Link to={`/app/${fileId}`} className="text-accent underline">
      {name}
    </Link>
  );
}

/** The invoice-grade usage of this period: calls, tokens, voice minutes and cost per day and per document, with a CSV. */
export function UsageReport() {
  const report = useUsageReport();
  const csv = useCsvDownload(report.data?.period ?? '');
  // The tables are invoice-grade (real dollars); where the meter shows ×4 this says so (docs/BILLING.md#the-meter).
  const budget = useBudget();
  const shownTimesFour = budget.data != null && meterFigures({ budget: budget.data }).credit.multiplier === 4;
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-serif text-xl font-semibold text-ink">Usage {report.data ? `for ${report.data.period}` : 'this period'}</h2>
        {report.data && (
          <Button variant="secondary" disabled={csv.busy} onClick={() => void csv.download()}>
            {csv.busy ? 'Preparing...' : 'Download CSV'}
          </Button>
        )}
      </div>
      {shownTimesFour && <p className="mt-1 text-sm text-muted">Costs here are the dollars billed; the AI Credit Budget shows them ×4.</p>}
      {report.isPending && <Spinner showLabel label="Loading usage" className="mt-4" />}
      {report.isError && (
        <div className="mt-4 text-sm text-danger">
          <p>{errorMessage(report.error, 'Usage could not be loaded.')}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void report.refetch()}>
            Try Again
          </Button>
        </div>
      )}
      {report.data && (
        <div className="mt-4 space-y-6">
          <UsageChart days={report.data.days} />
          <UsageTable caption="Per day" totals={report.data.totals} rows={report.data.days.map((day) => ({ key: day.date, label: day.date, line: day }))} />
          <UsageTable
            caption="Per document"
            totals={report.data.totals}
            rows={report.data.documents.map((doc) => ({
              key: doc.fileId ?? 'none',
              label: <DocumentLabel fileId={doc.fileId} name={doc.name} />,
              line: doc,
            }))}
          />
        </div>
      )}
    </Card>
  );
}
