// The player's cards as an Anki text import: tab-separated, HTML on, one note a line.
//
//   #separator:tab
//   #html:true
//   #columns:Front	Back	Tags
//   What does White play here?<br><svg …/>	Nf3 wins a pawn<br><svg …/>	chess-prep
//
// Card text is HTML-escaped and its line breaks become <br>, so no text can break a field or a line;
// the boards are inline SVG drawn here, so the deck needs no media files.
import { and, asc, eq, sql } from 'drizzle-orm';
import { makeBoardSvg } from '../../chess/board-svg.js';
import type { Db } from '../db/client.js';
import { cards } from '../db/schema.js';
import { nextTurn } from '../drill/drill-writer.js';

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

/**
 * Cards read and drawn per turn of the event loop while streaming a deck: a page is some 1.7 MB of
 * text and a few tens of ms of drawing, so other players wait at most that long.
 */
const PAGE = 100;

/**
 * The player's deck as it is written: the header, then the cards a page at a time in the order they
 * were made (keyset paging on created_at, id), each page drawn and sent before the next is read, so
 * a deck of any size is never held whole and other requests are answered between pages.
 */
export async function* ankiDeckChunks(db: Db, userId: number): AsyncGenerator<string> {
  yield ANKI_HEADER.join('\n');
  // The time as the database's text: a JavaScript Date would drop its microseconds and repeat rows.
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select({
        id: cards.id,
        createdAt: sql<string>`${cards.createdAt}::text`,
        prompt: cards.prompt,
        promptFen: cards.promptFen,
        answer: cards.answer,
        answerFen: cards.answerFen,
        orientation: cards.orientation,
      })
      .from(cards)
      .where(
        and(
          eq(cards.userId, userId),
          // One row comparison, which cards_created_idx answers directly.
          after ? sql`(${cards.createdAt}, ${cards.id}) > (${after.createdAt}::timestamptz, ${after.id})` : undefined,
        ),
      )
      .orderBy(asc(cards.createdAt), asc(cards.id))
      .limit(PAGE);
    if (rows.length === 0) return;
    yield rows.map((row) => `\n${makeAnkiLine(row)}`).join('');
    const last = rows[rows.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
    if (rows.length < PAGE) return;
    await nextTurn();
  }
}
