import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ProgressAnswer } from '@contract/today';
import { useTheme } from '../../../lib/theme';
import { CHART_COLORS } from '../chart-colors';
import { plural } from '../../../lib/plural';

const shortDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Cards and drill items due each of the next 30 days, stacked. */
export function ForecastChart({ forecast }: { forecast: ProgressAnswer['forecast'] }) {
  const { theme } = useTheme();
  const colors = CHART_COLORS[theme];
  const total = forecast.reduce((n, day) => n + day.cards + day.drill, 0);
  const data = forecast.map((day, i) => ({ ...day, label: i === 0 ? 'Today' : shortDate(day.date) }));
  return (
    <figure className="progress-chart" data-testid="forecast-chart">
      <figcaption className="visually-hidden">
        Due in the next 30 days: {total} in all, {plural(forecast[0]?.cards ?? 0, 'card')} and{' '}
        {plural(forecast[0]?.drill ?? 0, 'drill position')} today.
      </figcaption>
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid stroke={colors.grid} vertical={false} />
          <XAxis dataKey="label" tick={{ fill: colors.text, fontSize: 12 }} stroke={colors.grid} minTickGap={16} />
          <YAxis allowDecimals={false} tick={{ fill: colors.text, fontSize: 12 }} stroke={colors.grid} />
          <Tooltip
            cursor={{ fill: colors.grid, opacity: 0.4 }}
            contentStyle={{ background: colors.tooltip, border: `1px solid ${colors.grid}`, color: colors.text }}
            labelStyle={{ color: colors.text }}
          />
          <Legend wrapperStyle={{ color: colors.text, fontSize: 13 }} />
          <Bar dataKey="cards" name="Cards" stackId="due" fill={colors.cards} isAnimationActive={false} />
          <Bar dataKey="drill" name="Drill" stackId="due" fill={colors.drill} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
