import { type Dashboard, formatNaira } from '@shop/shared';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';

import { formatDay } from '../format-day';

// recharts is imported only here, and this only lazily by the dashboard route: it lands in a
// chunk of its own that only the dashboard loads, never in the storefront's.

type Day = Dashboard['revenueByDay'][number];

const compactNaira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  notation: 'compact',
  maximumFractionDigits: 1,
});

function DayTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: unknown }[] }) {
  const day = payload?.[0]?.payload as Day | undefined;
  if (!active || !day) return null;
  return (
    <div className="rounded-lg border border-linen-200 bg-white px-3 py-2 text-sm text-stone-900 shadow dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100">
      <p className="font-semibold">{formatDay(day.date)}</p>
      <p>{formatNaira(day.revenue)}</p>
      <p>
        {day.orders} {day.orders === 1 ? 'order' : 'orders'}
      </p>
    </div>
  );
}

/**
 * Revenue of paid orders per day. The bars take the text colour of their wrapper (wine, lighter
 * in dark mode); the same figures are in a table beside it for screen readers and keyboards.
 */
export default function RevenueChart({ days }: { days: Dashboard['revenueByDay'] }) {
  return (
    <div
      aria-hidden="true"
      className="h-64 w-full text-stone-600 dark:text-stone-300 [&_.recharts-bar-rectangle_path]:fill-wine-700 dark:[&_.recharts-bar-rectangle_path]:fill-wine-300"
    >
      <BarChart
        responsive
        accessibilityLayer={false}
        data={days}
        style={{ width: '100%', height: '100%' }}
        margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
      >
        <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.2} />
        <XAxis
          dataKey="date"
          tickFormatter={formatDay}
          tick={{ fill: 'currentColor', fontSize: 12 }}
          stroke="currentColor"
          minTickGap={16}
        />
        <YAxis
          tickFormatter={(value: number) => compactNaira.format(value)}
          tick={{ fill: 'currentColor', fontSize: 12 }}
          stroke="currentColor"
          width={64}
          allowDecimals={false}
        />
        <Tooltip content={DayTooltip} cursor={{ fill: 'currentColor', fillOpacity: 0.08 }} />
        <Bar dataKey="revenue" name="Revenue" isAnimationActive={false} radius={[3, 3, 0, 0]} />
      </BarChart>
    </div>
  );
}
