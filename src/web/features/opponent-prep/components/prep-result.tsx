import { useState } from 'react';
import { Link } from 'react-router';
import { PREP_SITE_NAMES, type PrepAnswer } from '@contract/opponent-prep';
import { Board, type BoardArrow } from '../../../components/board';
import { colorName, gamesText, moveLabel, scoreText, whenText } from '../lib/prep-text';
import { SurpriseDetail } from './surprise-detail';
import { OpeningLine } from '../../../components/opening-line';
import { useOpeningNames } from '../../../lib/opening-names';

type Props = {
  prep: PrepAnswer;
  workshopHref: (color: 'white' | 'black', line: string) => string;
  drillHref: (color: 'white' | 'black', lines: string[]) => string;
};

type Selected = { kind: 'surprise' | 'line'; index: number };

const PLAYED_ARROW = 'rgba(220, 60, 50, 0.85)';
const BOOK_ARROW = 'rgba(40, 160, 70, 0.85)';
/** Lines sent to the drill at most (the address stays short). */
const DRILL_LINES = 30;

const arrow = (uci: string, color: string): BoardArrow => ({
  startSquare: uci.slice(0, 2),
  endSquare: uci.slice(2, 4),
  color,
});

/** A preparation: the board (the surprise or line chosen), their surprises, their lines, and the drill of those lines. */
export function PrepResult({ prep, workshopHref, drillHref }: Props) {
  const [selected, setSelected] = useState<Selected | undefined>(
    prep.surprises.length > 0
      ? { kind: 'surprise', index: 0 }
      : prep.their_lines.length > 0
        ? { kind: 'line', index: 0 }
        : undefined,
  );
  const opponent = colorName(prep.color === 'white' ? 'black' : 'white');
  const surprise = selected?.kind === 'surprise' ? prep.surprises[selected.index] : undefined;
  const line = selected?.kind === 'line' ? prep.their_lines[selected.index] : undefined;
  const boardFen = surprise?.fen ?? line?.fen;
  const lines = prep.their_lines.slice(0, DRILL_LINES).map((l) => l.line);
  const boardLine = surprise ? `${surprise.line} ${surprise.played_san}` : (line?.line ?? '');
  const opening = useOpeningNames(boardLine ? [boardLine] : []).get(boardLine) ?? null;

  return (
    <div className="prep-result">
      <p className="prep-summary" data-testid="prep-summary">
        <strong>{prep.username}</strong> on {PREP_SITE_NAMES[prep.site]}: {gamesText(prep.games)} with {opponent},{' '}
        {prep.compared} from the standard start. <span className="muted">Prepared {whenText(prep.created_at)}.</span>
      </p>
      {prep.games === 0 ? (
        <p className="card">
          {prep.username} played no games with {opponent} among their recent games on {PREP_SITE_NAMES[prep.site]}.
        </p>
      ) : (
        <div className="board-layout">
          <div className="board-layout-main">
            {boardFen ? (
              <>
                <OpeningLine opening={opening} />
                <Board
                  id="prep-board"
                  fen={boardFen}
                  orientation={prep.color}
                  arrows={
                    surprise
                      ? [
                          ...surprise.expected_uci.map((u) => arrow(u, BOOK_ARROW)),
                          arrow(surprise.played_uci, PLAYED_ARROW),
                        ]
                      : []
                  }
                  label={
                    surprise
                      ? `After ${surprise.line || 'the start'}: they played ${surprise.played_san}, your repertoire has ${surprise.expected_san.join(', ')}`
                      : `After ${line?.line}`
                  }
                />
                <p className="prep-caption">
                  {surprise ? (
                    <>
                      <span className="prep-key is-played" aria-hidden="true" /> they played{' '}
                      <strong>{moveLabel(surprise.fen, surprise.played_san)}</strong>{' '}
                      <span className="prep-key is-book" aria-hidden="true" /> your repertoire
                    </>
                  ) : (
                    <>Where their games left your repertoire: {line?.line}</>
                  )}
                </p>
              </>
            ) : (
              <p className="card">None of their games from the standard start met your repertoire.</p>
            )}
          </div>
          <div className="board-layout-side prep-side">
            <section aria-labelledby="prep-surprises-title">
              <h2 id="prep-surprises-title">
                Their surprises <span className="muted">({prep.surprises.length})</span>
              </h2>
              {prep.surprises.length === 0 ? (
                <p className="muted">Your repertoire answers every move they played against it.</p>
              ) : (
                <ol className="prep-list" data-testid="prep-surprises">
                  {prep.surprises.map((s, index) => {
                    const open = surprise === s;
                    return (
                      <li key={`${s.fen}|${s.played_uci}`} className={open ? 'is-open' : ''}>
                        <button
                          type="button"
                          className="prep-row"
                          aria-expanded={open}
                          onClick={() => setSelected({ kind: 'surprise', index })}
                        >
                          <span className="prep-line">
                            {s.line ? `${s.line} ` : ''}
                            <strong>{moveLabel(s.fen, s.played_san)}</strong>
                          </span>
                          <span className="prep-cells">
                            {gamesText(s.count)} · your score {scoreText(s.score)}
                          </span>
                        </button>
                        {open && <SurpriseDetail surprise={s} workshopHref={workshopHref} />}
                      </li>
                    );
                  })}
                </ol>
              )}
            </section>
            <section aria-labelledby="prep-lines-title">
              <h2 id="prep-lines-title">
                Their lines <span className="muted">({prep.their_lines.length})</span>
              </h2>
              {prep.their_lines.length === 0 ? (
                <p className="muted">None of their games followed your repertoire past the first move.</p>
              ) : (
                <>
                  <Link
                    className="button button-primary"
                    to={drillHref(prep.color, lines)}
                    data-testid="drill-these-lines"
                  >
                    Drill these lines
                  </Link>
                  <ol className="prep-list" data-testid="prep-lines">
                    {prep.their_lines.map((l, index) => (
                      <li key={l.line} className={line === l ? 'is-open' : ''}>
                        <button
                          type="button"
                          className="prep-row"
                          aria-pressed={line === l}
                          onClick={() => setSelected({ kind: 'line', index })}
                        >
                          <span className="prep-line">{l.line}</span>
                          <span className="prep-cells">
                            {gamesText(l.count)} · your score {scoreText(l.score)}
                          </span>
                        </button>
                      </li>
                    ))}
                  </ol>
                </>
              )}
            </section>
          </div>
        </div>
      )}
    </div>
  );
}
