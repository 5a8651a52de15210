/** An accessible done/total bar (role=progressbar with its values, and the count as text). */
export function ProgressBar({ done, total, label }: { done: number; total: number; label: string }) {
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done}/${total}`}
        className="h-2 flex-1 overflow-hidden rounded-full bg-cream-deep"
      >
        <div className="h-full rounded-full bg-accent transition-[width] duration-300" style={{ width: `${percent}%` }} />
      </div>
      <span className="w-12 text-right text-sm text-muted tabular-nums">
        {done}/{total}
      </span>
    </div>
  );
}
