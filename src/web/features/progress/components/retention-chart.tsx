import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ProgressAnswer } from '@contract/today';
import { useTheme } from '../../../lib/theme';
import { CHART_COLORS } from '../chart-colors';
import { plural } from '../../../lib/plural';

const weekLabel = (monday: string) =>
  new Date(`${monday}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Share of each week's reviews right at the first try (not Again), as a percentage; gaps for empty weeks. */
export function RetentionChart({ retention }: { retention: ProgressAnswer['retention'] }) {
  const { theme } = useTheme();
  const colors = CHART_COLORS[theme];
  const data = retention.map((week) => ({
    label: weekLabel(week.week),
    reviews: week.reviews,
    percent: week.right_first_time === null ? null : Math.round(week.right_first_time * 100),
  }));
  const last = [...retention].reverse().find((week) => week.right_first_time !== null);
  return (
    <figure className="progress-chart" data-testid="retention-chart">
      <figcaption className="visually-hidden">
        {last
          ? `Week of ${weekLabel(last.week)}: ${Math.round(last.right_first_time! * 100)}% right at the first try over ${plural(last.reviews, 'review')}.`
          : 'No reviews in the last 12 weeks.'}
      </figcaption>
      <ResponsiveContainer width="100%" height={240}>
        <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: -16 }}>
          <CartesianGrid stroke={colors.grid} vertical={false} />
          <XAxis dataKey="label" tick={{ fill: colors.text, fontSize: 12 }} stroke={colors.grid} minTickGap={16} />
          <YAxis
            domain={[0, 100]}
            ticks={[0, 25, 50, 75, 100]}
            unit="%"
            tick={{ fill: colors.text, fontSize: 12 }}
            stroke={colors.grid}
          />
          <Tooltip
            contentStyle={{ background: colors.tooltip, border: `1px solid ${colors.grid}`, color: colors.text }}
            labelStyle={{ color: colors.text }}
            formatter={(value, _name, item) => [
              `${String(value)}% of ${plural(item.payload.reviews, 'review')}`,
              'Right first time',
            ]}
          />
          <Line
            type="monotone"
            dataKey="percent"
            name="Right first time"
            stroke={colors.line}
            strokeWidth={2.5}
            dot={{ r: 3, fill: colors.line }}
            connectNulls
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
