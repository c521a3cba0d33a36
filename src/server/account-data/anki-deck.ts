// The player's cards as an Anki text import: tab-separated, HTML on, one note a line.
//
//   #separator:tab
//   #html:true
//   #columns:Front	Back	Tags
//   What does White play here?<br><svg …/>	Nf3 wins a pawn<br><svg …/>	chess-prep
//
// Card text is HTML-escaped and its line breaks become <br>, so no text can break a field or a line;
// the boards are inline SVG drawn here, so the deck needs no media files.
import { makeBoardSvg } from '../../chess/board-svg.js';
import type { cards } from '../db/schema.js';

export const ANKI_HEADER = ['#separator:tab', '#html:true', '#columns:Front\tBack\tTags'] as const;
export const ANKI_TAG = 'chess-prep';

type CardRow = Pick<typeof cards.$inferSelect, 'prompt' | 'promptFen' | 'answer' | 'answerFen' | 'orientation'>;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text shown as text in HTML: markup characters escaped, line breaks as <br>, tabs as spaces. */
export function escapeHtmlText(text: string): string {
  return text
    .replace(/[&<>"']/g, (ch) => ESCAPES[ch])
    .replace(/\r\n|\r|\n/g, '<br>')
    .replace(/\t/g, ' ');
}

function side(text: string, fen: string, orientation: 'white' | 'black'): string {
  const board = makeBoardSvg(fen, orientation);
  // A card saved before FEN checks existed may hold a bad FEN: it keeps its text, without a board.
  const picture = board.isOk ? `<div>${board.value}</div>` : '';
  const words = text.trim() === '' ? '' : `<div>${escapeHtmlText(text)}</div>`;
  return words + picture;
}

/** One line of the deck (no line break at its end). */
export function makeAnkiLine(card: CardRow): string {
  return [
    side(card.prompt, card.promptFen, card.orientation),
    side(card.answer, card.answerFen, card.orientation),
    ANKI_TAG,
  ].join('\t');
}
