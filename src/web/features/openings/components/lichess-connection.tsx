import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { lichessConnectApi } from '@contract/lichess-connect';
import { hrefOf } from '../../../lib/api';
import { errorText } from '../../../lib/api-client';
import { useUser } from '../../../lib/session';
import { useDisconnectLichess } from '../api/disconnect-lichess';

/** What the Connect Lichess flow came back with (`?lichess=` on return from Lichess). */
const RESULTS = {
  connected: { ok: true, text: 'Your Lichess account is connected.' },
  failed: { ok: false, text: 'Lichess could not be connected. Please try again.' },
  denied: { ok: false, text: 'Lichess access was not granted, so nothing was connected.' },
} as const;
type FlowResult = keyof typeof RESULTS;

/** Reads `?lichess=` once, then takes it out of the address bar so a reload does not show it again. */
function useFlowResult(): FlowResult | undefined {
  const [params, setParams] = useSearchParams();
  const raw = params.get('lichess');
  const [result] = useState<FlowResult | undefined>(() => (raw && raw in RESULTS ? (raw as FlowResult) : undefined));
  useEffect(() => {
    if (raw === null) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('lichess');
        return next;
      },
      { replace: true },
    );
  }, [raw, setParams]);
  return result;
}

/**
 * Connect Lichess: a plain link into the server's OAuth flow (Lichess asks the player, then sends
 * them back here), or the connected account with Disconnect. The token stays on the server.
 */
export function LichessConnection() {
  const user = useUser();
  const result = useFlowResult();
  const disconnect = useDisconnectLichess();
  // The flow's message speaks of the connection as it was; once Disconnect changed it, it goes.
  const outcome = result && !disconnect.isSuccess ? RESULTS[result] : undefined;

  return (
    <div className="op-lichess" aria-label="Lichess account">
      {outcome && (
        <p className={`form-message ${outcome.ok ? 'is-success' : 'is-error'}`} role="status">
          {outcome.text}
        </p>
      )}
      {user.lichess_connected ? (
        <div className="op-row op-lichess-row">
          <p className="op-lichess-name">
            Connected as <strong>{user.lichess_connected_as}</strong>
          </p>
          <button type="button" className="button" onClick={() => disconnect.mutate()} disabled={disconnect.isPending}>
            Disconnect
          </button>
        </div>
      ) : (
        <div className="op-row op-lichess-row">
          <a className="button button-primary" href={hrefOf(lichessConnectApi.connect)}>
            Connect Lichess
          </a>
          <p className="op-hint">Your own Lichess account lists your private studies and runs the coverage check.</p>
        </div>
      )}
      {disconnect.isError && (
        <p className="form-message is-error" role="alert">
          {errorText(disconnect.error)}
        </p>
      )}
    </div>
  );
}
