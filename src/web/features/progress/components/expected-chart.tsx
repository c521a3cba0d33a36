import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Color } from '@contract/common';
import { useTheme } from '../../../lib/theme';
import { useExpectedHistory } from '../api/get-expected-history';
import { CHART_COLORS } from '../chart-colors';

const dayLabel = (at: string) =>
  new Date(at).toLocaleDateString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const pct = (share: number) => Math.round(share * 1000) / 10;

/** One colour's expected score over time beside what players score after the first moves. */
export function ExpectedChart({ color }: { color: Color }) {
  const { theme } = useTheme();
  const colors = CHART_COLORS[theme];
  const history = useExpectedHistory(color);
  const side = color === 'white' ? 'White' : 'Black';
  if (!history.data) return null;
  if (history.data.length === 0)
    return <p className="muted">{side}: no expected score yet. Run a coverage check on Manage Openings.</p>;
  const data = history.data.map((p) => ({
    label: dayLabel(p.at),
    score: pct(p.score),
    baseline: pct(p.baseline),
    covered: pct(p.covered_reach),
  }));
  const last = data[data.length - 1];
  return (
    <figure className="progress-chart" data-testid={`expected-chart-${color}`}>
      <figcaption>
        {side}: {last.score}% now, where players score {last.baseline}% after the first moves (covering {last.covered}%
        of games).
      </figcaption>
      <ResponsiveContainer width="100%" height={200}>
        <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: -16 }}>
          <CartesianGrid stroke={colors.grid} vertical={false} />
          <XAxis dataKey="label" tick={{ fill: colors.text, fontSize: 12 }} stroke={colors.grid} minTickGap={24} />
          <YAxis domain={['auto', 'auto']} unit="%" tick={{ fill: colors.text, fontSize: 12 }} stroke={colors.grid} />
          <Tooltip
            contentStyle={{ background: colors.tooltip, border: `1px solid ${colors.grid}`, color: colors.text }}
            labelStyle={{ color: colors.text }}
            formatter={(value, name) => [`${String(value)}%`, name]}
          />
          <Line
            type="monotone"
            dataKey="score"
            name="Your repertoire"
            stroke={colors.line}
            strokeWidth={2.5}
            dot={{ r: 3, fill: colors.line }}
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="baseline"
            name="After the first moves"
            stroke={colors.cards}
            strokeDasharray="4 4"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
