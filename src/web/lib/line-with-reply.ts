/** The movetext `line` (to `fen`) followed by the reply `san` of the side to move: '1. e4' + 'c5' -> '1. e4 c5'. */
export function lineWithReply(line: string, fen: string, san: string): string {
  const [, turn, , , , fullmove] = fen.split(' ');
  const number = Number(fullmove) || 1;
  const prefix = turn === 'w' ? `${number}.` : line.trim() === '' ? `${number}...` : '';
  return [line.trim(), prefix, san].filter(Boolean).join(' ');
}
