import type { Color } from '@contract/common';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { useStudies } from '../../../lib/studies';
import { Workshop, type EngineCheckPosition, type PlayOnPosition } from './workshop';
import '../repertoire.css';
import '../repertoire-panels.css';

type Props = {
  manageOpeningsPath: string;
  renderEngineCheck?: (position: EngineCheckPosition) => ReactNode;
  /** Play on from the board's position (the app's play-on feature); not offered without it. */
  renderPlayOn?: (from: PlayOnPosition, onClose: () => void) => ReactNode;
  /** Over a starter build's preview: what it is and the ways to keep it (the app's starter feature). */
  renderStarterPreview?: (color: Color, build: string) => ReactNode;
};

/**
 * The Repertoire screen (`/repertoire?color=white|black[&line=<movetext>]`): the colour's edited
 * repertoire on a board, the explorer beside it, and edits stored at once. With `&starter=<build id>`,
 * a starter build's tree before it is kept, read-only, under what the app says about keeping it.
 */
export function RepertoireScreen({ manageOpeningsPath, renderEngineCheck, renderPlayOn, renderStarterPreview }: Props) {
  usePageTitle('Repertoire');
  const [params, setParams] = useSearchParams();
  const color: Color = params.get('color') === 'black' ? 'black' : 'white';
  const starter = params.get('starter') || undefined;
  const studies = useStudies();
  const study = studies.data?.[color];
  const choose = (c: Color) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('color', c);
      return next;
    });

  return (
    <section className="page ws-page" aria-labelledby="ws-title">
      <header className="ws-header">
        <h1 id="ws-title">Repertoire</h1>
        {/* A starter is of one colour: the choice would leave it. */}
        {starter === undefined && (
          <fieldset className="ws-choice">
            <legend className="visually-hidden">Colour</legend>
            {(['white', 'black'] as const).map((c) => (
              <label key={c} className={color === c ? 'is-chosen' : ''}>
                <input type="radio" name="ws-colour" checked={color === c} onChange={() => choose(c)} />
                {c === 'white' ? 'White' : 'Black'}
              </label>
            ))}
          </fieldset>
        )}
        {study && !starter && (
          <p className="muted ws-study">
            {study.link ? (
              <a href={study.link} target="_blank" rel="noreferrer">
                {study.title || 'Your study'}
                <span className="visually-hidden"> (opens Lichess)</span>
              </a>
            ) : (
              study.title || 'Your study'
            )}{' '}
            with your edits
          </p>
        )}
      </header>
      {starter ? (
        <>
          {renderStarterPreview?.(color, starter)}
          <Workshop
            key={`${color}:${starter}`}
            color={color}
            fromLichess={false}
            starter={starter}
            renderEngineCheck={renderEngineCheck}
            renderPlayOn={renderPlayOn}
          />
        </>
      ) : studies.isPending ? (
        <p className="muted">Loading your studies…</p>
      ) : studies.isError ? (
        <p className="form-message is-error" role="alert">
          Your studies could not be read: {studies.error.message}
        </p>
      ) : !study ? (
        <div className="card">
          <p>You have no {color === 'white' ? 'White' : 'Black'} study yet.</p>
          <p className="muted">
            Set one on <Link to={manageOpeningsPath}>Manage Openings</Link> (a Lichess study or a PGN file), or{' '}
            <Link to={`/starter?color=${color}`}>Build a repertoire</Link> from the explorer; then build on it here.
          </p>
        </div>
      ) : (
        <Workshop
          key={color}
          color={color}
          fromLichess={study.link !== null && study.link !== ''}
          renderEngineCheck={renderEngineCheck}
          renderPlayOn={renderPlayOn}
        />
      )}
    </section>
  );
}
