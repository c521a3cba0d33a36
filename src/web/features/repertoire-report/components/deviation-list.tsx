import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../../lib/api-client';
import { useSaveSiteGame } from '../api/save-site-game';
import type { ReportDeviation } from '@contract/repertoire-report';
import { Board, type BoardArrow } from '../../../components/board';
import { expectedLabel, gameHref, lineWithMove, playedLabel, reviewHref, scoreText, shortDate } from '../report-text';
import { useOpeningNames } from '../../../lib/opening-names';
import type { OpeningNameAnswer } from '@contract/common';

export type DeviationKind = 'own' | 'opponent';

type Props = {
  kind: DeviationKind;
  title: string;
  empty: string;
  deviations: ReportDeviation[];
  /** Index of the open row in this list, or undefined. */
  openIndex: number | undefined;
  onToggle: (index: number) => void;
  /** The practice button of an open row ("Add to drill" or "Make card"). */
  renderAction: (deviation: ReportDeviation) => ReactNode;
  gameReviewPath: string;
  /** The Repertoire screen at a line: each row links there in one click. */
  workshopHref?: (color: ReportDeviation['color'], line: string) => string;
};

const PLAYED_ARROW = 'rgba(220, 60, 50, 0.85)';
const BOOK_ARROW = 'rgba(40, 160, 70, 0.85)';

/** One ranked list: each row the line, move played, repertoire move(s), games and score; open it for the board and the games. */
export function DeviationList({
  kind,
  title,
  empty,
  deviations,
  openIndex,
  onToggle,
  renderAction,
  gameReviewPath,
  workshopHref,
}: Props) {
  const id = `rr-${kind}`;
  const openings = useOpeningNames(deviations.map(lineWithMove));
  return (
    <section className="rr-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {title} <span className="rr-count">({deviations.length})</span>
      </h2>
      {deviations.length === 0 ? (
        <p className="rr-meta">{empty}</p>
      ) : (
        <ol className="rr-list">
          {deviations.map((d, index) => {
            const open = index === openIndex;
            return (
              <li key={`${d.color}|${d.fen}|${d.played_uci}`} className={`rr-row${open ? ' is-open' : ''}`}>
                <button
                  type="button"
                  className="rr-row-button"
                  aria-expanded={open}
                  aria-controls={`${id}-detail-${index}`}
                  onClick={() => onToggle(index)}
                >
                  <span className="rr-line">{lineWithMove(d)}</span>
                  <OpeningName opening={openings.get(lineWithMove(d))} />
                  <span className="rr-cells">
                    <span>
                      <span className="rr-label">{kind === 'own' ? 'You played' : 'They played'}</span>{' '}
                      <strong>{playedLabel(d)}</strong>
                    </span>
                    <span>
                      <span className="rr-label">{kind === 'own' ? 'Repertoire plays' : 'Prepared for'}</span>{' '}
                      {expectedLabel(d)}
                    </span>
                    <span>
                      <span className="rr-label">Games</span> {d.count}
                    </span>
                    <span>
                      <span className="rr-label">Score</span> {scoreText(d)}
                    </span>
                  </span>
                </button>
                {workshopHref && (
                  <div className="rr-row-workshop">
                    {/* The player's own move: the position before it; an opponent's: after it, to answer. */}
                    <Link
                      className="button"
                      to={workshopHref(d.color, kind === 'own' ? d.line : lineWithMove(d))}
                      data-testid="rr-workshop-link"
                    >
                      {kind === 'own' ? 'Open in Repertoire' : 'Answer in Repertoire'}
                    </Link>
                  </div>
                )}
                {open && (
                  <div id={`${id}-detail-${index}`} className="rr-detail board-layout">
                    <div className="board-layout-main">
                      <Board
                        id={`${id}-board`}
                        fen={d.fen}
                        orientation={d.color}
                        arrows={arrows(d)}
                        label={`Position after ${d.line || 'the start'}: ${playedLabel(d)} was played, the repertoire has ${expectedLabel(d)}`}
                      />
                      <p className="rr-legend">
                        <span className="rr-key is-played" aria-hidden="true" /> played{' '}
                        <span className="rr-key is-book" aria-hidden="true" /> repertoire
                      </p>
                    </div>
                    <div className="board-layout-side rr-side">
                      <div className="rr-action">{renderAction(d)}</div>
                      <h3>Games</h3>
                      <ul className="rr-games">
                        {d.games.map((g, i) => (
                          <li key={`${g.review_id ?? g.link ?? i}-${i}`}>
                            <GameLink game={g} gameReviewPath={gameReviewPath} />
                          </li>
                        ))}
                      </ul>
                    </div>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function arrows(d: ReportDeviation): BoardArrow[] {
  const arrow = (uci: string, color: string): BoardArrow => ({
    startSquare: uci.slice(0, 2),
    endSquare: uci.slice(2, 4),
    color,
  });
  return [...d.expected_uci.map((uci) => arrow(uci, BOOK_ARROW)), arrow(d.played_uci, PLAYED_ARROW)];
}

function GameLink({ game, gameReviewPath }: { game: ReportDeviation['games'][number]; gameReviewPath: string }) {
  const result = game.result === null ? '' : game.result === 1 ? 'won' : game.result === 0 ? 'lost' : 'draw';
  const text = `vs. ${game.opponent_name || 'unknown'}${game.date_time_played ? `, ${shortDate(game.date_time_played)}` : ''}, ${game.site}${result ? ` (${result})` : ''}`;
  const target = gameHref(game, gameReviewPath);
  if (!target) return <span>{text}</span>;
  if (target.internal) return <Link to={target.href}>{text}</Link>;
  return (
    <>
      <a href={target.href} target="_blank" rel="noopener noreferrer">
        {text} <span className="visually-hidden">(opens {game.site})</span>
      </a>
      <span className="rr-game-sep" aria-hidden="true">
        {' · '}
      </span>
      <OpenInReviewButton site={game.site} link={game.link!} ply={game.ply} gameReviewPath={gameReviewPath} />
    </>
  );
}

/** A recent site game not saved yet: saved as a review, then opened in game review at the move. */
function OpenInReviewButton({
  site,
  link,
  ply,
  gameReviewPath,
}: {
  site: string;
  link: string;
  ply: number;
  gameReviewPath: string;
}) {
  const save = useSaveSiteGame();
  const navigate = useNavigate();
  return (
    <>
      <button
        type="button"
        className="link-button rr-open-review"
        disabled={save.isPending}
        onClick={() =>
          save.mutate({ site, link }, { onSuccess: (id) => navigate(reviewHref(gameReviewPath, id, ply)) })
        }
      >
        {save.isPending ? 'Saving…' : 'Open in game review'}
      </button>
      {save.isError && <span role="alert"> {errorText(save.error)}</span>}
    </>
  );
}

/** The row's opening, one small line under its moves. */
function OpeningName({ opening }: { opening: OpeningNameAnswer | undefined }) {
  if (!opening) return null;
  return (
    <span className="rr-opening" data-testid="report-opening">
      {opening.eco} {opening.name}
    </span>
  );
}
