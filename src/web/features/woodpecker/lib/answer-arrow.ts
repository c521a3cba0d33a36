/** The arrow of an answer: castling (which the server writes king-to-rook) drawn as the king's two-square move. */
export function answerArrow(uci: string, san: string): { startSquare: string; endSquare: string } {
  const from = uci.slice(0, 2);
  if (san.startsWith('O-O'))
    return { startSquare: from, endSquare: `${san.startsWith('O-O-O') ? 'c' : 'g'}${from[1]}` };
  return { startSquare: from, endSquare: uci.slice(2, 4) };
}
