import { Area, AreaChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PlyEval } from '@contract/engine';
import { evalPawns, evalText } from '../../../lib/engine/eval-text';

export type EvalGraphProps = {
  evals: readonly PlyEval[];
  /** Half-moves in the game: the graph's width. */
  plies: number;
  /** The step on the board. */
  step: number;
  /** Side to move at ply 0. */
  startTurn: 'white' | 'black';
  onGoTo: (ply: number) => void;
};

const toMoveAt = (ply: number, startTurn: 'white' | 'black') =>
  (ply % 2 === 0) === (startTurn === 'white') ? 'white' : 'black';

/** The evaluation after every half-move, White up; a click steps the board there. */
export function EvalGraph({ evals, plies, step, startTurn, onGoTo }: EvalGraphProps) {
  const data = evals.map((e) => ({ ply: e.ply, pawns: evalPawns(e, toMoveAt(e.ply, startTurn)), text: evalText(e) }));
  return (
    <div className="gr-eval-graph" aria-label="Evaluation graph: choose a point to go to that move" role="figure">
      <ResponsiveContainer width="100%" height={110}>
        <AreaChart
          data={data}
          margin={{ top: 4, right: 4, bottom: 0, left: 4 }}
          onClick={(state) => {
            const index = Number(state?.activeTooltipIndex);
            const ply = Number.isInteger(index) ? data[index]?.ply : Number(state?.activeLabel);
            if (Number.isInteger(ply)) onGoTo(ply);
          }}
          style={{ cursor: 'pointer' }}
        >
          <defs>
            <linearGradient id="gr-eval-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="50%" stopColor="var(--eval-white)" stopOpacity={0.9} />
              <stop offset="50%" stopColor="var(--eval-black)" stopOpacity={0.9} />
            </linearGradient>
          </defs>
          <XAxis dataKey="ply" type="number" domain={[0, Math.max(plies, 1)]} hide />
          <YAxis domain={[-10, 10]} hide />
          <ReferenceLine y={0} stroke="var(--text-muted)" strokeDasharray="3 3" />
          <ReferenceLine x={step} stroke="var(--accent)" />
          <Tooltip
            formatter={(_value, _name, item) => [item.payload.text, 'Evaluation']}
            labelFormatter={(ply) => `After ${ply} half-moves`}
            contentStyle={{ background: 'var(--bg-raised)', color: 'var(--text)', border: '1px solid var(--border)' }}
          />
          <Area
            type="monotone"
            dataKey="pawns"
            baseValue={0}
            stroke="var(--accent)"
            fill="url(#gr-eval-fill)"
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
