import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DailySignup } from '@bree/contracts';

/** Sign-ups per day over the last 30 days as bars (Recharts); the total is said in words beside it. */
export function SignupsChart({ days }: { days: DailySignup[] }) {
  const total = days.reduce((n, d) => n + d.count, 0);
  return (
    <div className="h-56 w-full" role="img" aria-label={`Daily sign-ups over the last ${days.length} days: ${total} in all`}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-line)" vertical={false} />
          <XAxis dataKey="date" tickFormatter={(date: string) => date.slice(5)} fontSize={12} minTickGap={16} />
          <YAxis allowDecimals={false} fontSize={12} width={32} />
          <Tooltip />
          <Bar dataKey="count" name="Sign-ups" fill="var(--color-accent)" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
