import { Link } from 'react-router';
import type { Surprise } from '@contract/opponent-prep';
import { useSuggestion } from '../api/get-suggestion';
import { appendMove, gamesText, moveLabel, scoreText } from '../lib/prep-text';

type Props = {
  surprise: Surprise;
  workshopHref: (color: 'white' | 'black', line: string) => string;
};

/**
 * An open surprise: what the repertoire prepared for, the explorer's best-scoring answer when there is
 * one, "Open in workshop" at that answer (else at the position after the surprise), and the games.
 */
export function SurpriseDetail({ surprise: s, workshopHref }: Props) {
  const suggestion = useSuggestion(s.color, s.fen_after);
  const afterSurprise = appendMove(s.line, s.fen, s.played_san);
  const answer = suggestion.data ?? undefined;
  const line = answer ? appendMove(afterSurprise, s.fen_after, answer.san) : afterSurprise;
  return (
    <div className="prep-detail">
      <p>
        <span className="prep-label">Your repertoire prepared for</span> {s.expected_san.join(', ') || 'nothing here'}
      </p>
      <p data-testid="prep-suggestion">
        <span className="prep-label">Suggested answer</span>{' '}
        {suggestion.isPending
          ? 'looking it up…'
          : answer
            ? `${moveLabel(s.fen_after, answer.san)} (explorer: ${scoreText(answer.score)} for you over ${gamesText(answer.games)})`
            : 'none from the explorer; open the position to choose one'}
      </p>
      <Link className="button button-primary" to={workshopHref(s.color, line)} data-testid="open-in-workshop">
        Open in workshop
      </Link>
      <h3>Games (results for the side you will play)</h3>
      <ul className="prep-games">
        {s.games.map((g, i) => {
          const result = g.result === null ? '' : g.result === 1 ? ' (won)' : g.result === 0 ? ' (lost)' : ' (draw)';
          const text = `vs. ${g.opponent_name}${g.date_time_played ? `, ${g.date_time_played.slice(0, 10)}` : ''}${result}`;
          return (
            <li key={`${g.link ?? i}-${i}`}>
              {g.link ? (
                <a
                  href={g.site === 'Lichess' ? `${g.link}#${g.ply}` : g.link}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {text} <span className="visually-hidden">(opens {g.site})</span>
                </a>
              ) : (
                text
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
