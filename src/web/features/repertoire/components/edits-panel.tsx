import { useState } from 'react';
import type { Color } from '@contract/common';
import { lichessConnectApi } from '@contract/lichess-connect';
import { PUSH_NEEDS_CONNECTION, repertoireApi, type Edit } from '@contract/repertoire';
import { hrefOf } from '../../../lib/api';
import { errorText, isApiError } from '../../../lib/api-client';
import { useUser } from '../../../lib/session';
import { usePushRepertoire } from '../api/push-repertoire';

type Props = {
  color: Color;
  edits: readonly Edit[];
  /** The study came from Lichess (it can be written back); false for a study from a file. */
  fromLichess: boolean;
  busy: boolean;
  onUndo: () => void;
  onOpen: (line: string) => void;
};

const OP_LABELS = { add: 'Added', remove: 'Removed', comment: 'Note' } as const;

/** The colour's edits, newest first, with Undo, Save to Lichess and Download PGN. */
export function EditsPanel({ color, edits, fromLichess, busy, onUndo, onOpen }: Props) {
  const push = usePushRepertoire(color);
  const user = useUser();
  // The session already says there is no connection: the server would only answer 409.
  const [askedUnconnected, setAskedUnconnected] = useState(false);
  const needsConnection = askedUnconnected && user.lichess_connected === false;
  const save = () => {
    setAskedUnconnected(user.lichess_connected === false);
    if (user.lichess_connected !== false) push.mutate();
  };
  const waiting = edits.filter((e) => e.op !== 'remove' && !e.pushed).length;
  const removals = edits.some((e) => e.op === 'remove');
  return (
    <section className="card ws-edits" aria-labelledby="ws-edits-title">
      <div className="ws-edits-head">
        <h2 id="ws-edits-title">
          Your edits <span className="muted">({edits.length})</span>
        </h2>
        <div className="ws-edits-actions">
          <button type="button" className="button" onClick={onUndo} disabled={busy || edits.length === 0}>
            Undo
          </button>
          {fromLichess && (
            <button
              type="button"
              className="button button-primary"
              onClick={save}
              disabled={push.isPending || waiting === 0}
            >
              {push.isPending ? 'Saving…' : 'Save to Lichess'}
            </button>
          )}
          <a className="button" href={hrefOf(repertoireApi.pgn, { query: { color } })} download>
            Download PGN
          </a>
        </div>
      </div>
      {needsConnection ? <ConnectPrompt text={PUSH_NEEDS_CONNECTION} /> : <PushOutcome push={push} waiting={waiting} />}
      {edits.length === 0 ? (
        <p className="muted">
          No edits yet. Moves you add or remove here, and your notes on moves, are kept beside your study, read by every
          check and by the drill at once.
        </p>
      ) : (
        <ol className="ws-edit-list" aria-label="Edits, newest first">
          {[...edits].reverse().map((e, i) => (
            <li key={`${e.created_at}-${i}`} className="ws-edit" data-testid="edit">
              <span className={`ws-edit-op is-${e.op}`}>{OP_LABELS[e.op]}</span>
              <button type="button" className="link-button ws-edit-line" onClick={() => onOpen(e.line)}>
                {e.line}
              </button>
              <span className="ws-edit-state">
                {e.stale
                  ? 'its position left the study'
                  : e.op === 'remove'
                    ? 'stays here'
                    : e.pushed
                      ? 'on Lichess'
                      : fromLichess
                        ? 'not yet on Lichess'
                        : 'in this app'}
              </span>
            </li>
          ))}
        </ol>
      )}
      {removals && (
        <p className="muted ws-note">
          Removals stay here: Save to Lichess writes your additions as one chapter and never deletes a move from your
          study.
        </p>
      )}
    </section>
  );
}

function PushOutcome({ push, waiting }: { push: ReturnType<typeof usePushRepertoire>; waiting: number }) {
  if (push.isSuccess && waiting === 0)
    return (
      <p className="form-message is-success" role="status">
        Saved to Lichess: your study's "Chess Prep additions" chapter holds every addition.
      </p>
    );
  if (!push.isError) return null;
  const error = push.error;
  if (isApiError(error) && error.status === 409 && /reconnect/i.test(error.message))
    return (
      <div className="form-message is-error ws-push-error" role="alert">
        <span>Reconnect Lichess to allow writing to your studies.</span>
        <a className="button" href={hrefOf(lichessConnectApi.connect)}>
          Reconnect
        </a>
      </div>
    );
  // No connection (lost since the session was read), or a token Lichess refused: retrying cannot help,
  // connecting does.
  if (isApiError(error) && error.status === 409 && /connect/i.test(error.message))
    return <ConnectPrompt text={errorText(error).replace(/^\d+: /, '')} />;
  return (
    <div className="form-message is-error ws-push-error" role="alert">
      <span>
        {isApiError(error) && error.status === 502
          ? 'Lichess did not take the chapter; your edits are kept, not yet on Lichess.'
          : `Not saved: ${errorText(error).replace(/^\d+: /, '')}`}
      </span>
      <button type="button" className="button" onClick={() => push.mutate()} disabled={push.isPending}>
        Retry
      </button>
    </div>
  );
}

function ConnectPrompt({ text }: { text: string }) {
  return (
    <div className="form-message is-error ws-push-error" role="alert">
      <span>{text}</span>
      <a className="button" href={hrefOf(lichessConnectApi.connect)}>
        Connect Lichess
      </a>
    </div>
  );
}
