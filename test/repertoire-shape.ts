// What two repertoires are compared by in tests: their positions, and every move as 'position uci target'.
import type { Repertoire } from '../src/chess/index.js';

export const repertoireShape = (rep: Repertoire) => ({
  positions: new Set(rep.positions.keys()),
  moves: new Set([...rep.positions.values()].flatMap((p) => p.moves.map((m) => `${p.key} ${m.uci} ${m.to}`))),
});
