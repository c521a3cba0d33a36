import { useEffect, useId, useState } from 'react';
import type { GameRecord } from '@contract/recent-games';
import type { GameReview } from '@contract/game-reviews';
import type { RecentGameSite } from '@contract/recent-games';
import { Modal } from '../../../components/modal';
import { StatusBox, STATUS_DONE } from '../../../components/status-box';
import { errorText, isApiError, serverWords } from '../../../lib/api-client';
import { useUser } from '../../../lib/session';
import { useUpdateSiteUsername } from '../../../lib/site-usernames';
import { PICKER_POLL_MS, useRecentGames } from '../api/get-recent-games';
import { useUpsertGameReview } from '../api/upsert-game-review';
import { playedText, resultText, timeControlText, versusText } from '../review-text';
import '../game-picker.css';

export const SITE_LABELS: Record<RecentGameSite, string> = { lichess: 'Lichess', chesscom: 'Chess.com' };
export const RETRIEVING_GAMES = 'Retrieving Games';

export type GamePickerProps = {
  site: RecentGameSite;
  /** Called with the review made from the picked game. */
  onSaved: (review: GameReview) => void;
};

/** 'Get <site> Game': a popup with the site username (saved on blur) and the recent games not yet reviewed. */
export function GamePicker({ site, onSaved }: GamePickerProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button gr-get-game" onClick={() => setOpen(true)}>
        Get {SITE_LABELS[site]} Game
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={`${SITE_LABELS[site]} games`}>
        {open && (
          <PickerBody
            site={site}
            onSaved={(review) => {
              setOpen(false);
              onSaved(review);
            }}
          />
        )}
      </Modal>
    </>
  );
}

function PickerBody({ site, onSaved }: GamePickerProps) {
  const user = useUser();
  const saved = (site === 'lichess' ? user.username_lichess : user.username_chess_dot_com) ?? '';
  const [name, setName] = useState(saved);
  const inputId = useId();
  const updateName = useUpdateSiteUsername(site);
  const games = useRecentGames(site, saved, PICKER_POLL_MS);
  const save = useUpsertGameReview();

  useEffect(() => setName(saved), [saved]);

  const saveName = () => {
    const next = name.trim();
    if (next !== saved.trim() && !updateName.isPending) updateName.mutate(next);
  };

  const busy = updateName.isPending || games.isFetching;
  const status = busy
    ? RETRIEVING_GAMES
    : updateName.error
      ? refusedName(updateName.error)
      : games.error
        ? `Could not get games: ${errorText(games.error)}`
        : saved.trim() === ''
          ? `Enter your ${SITE_LABELS[site]} username`
          : save.error
            ? `Game not saved: ${errorText(save.error)}`
            : STATUS_DONE;
  const list = games.data?.games ?? [];
  const reviewed = games.data?.alreadyReviewed ?? 0;

  return (
    <div className="gr-picker">
      <div className="gr-picker-name">
        <div className="field">
          <label htmlFor={inputId}>{SITE_LABELS[site]} username</label>
          <input
            id={inputId}
            value={name}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
            onChange={(event) => setName(event.target.value)}
            onBlur={saveName}
            onKeyDown={(event) => {
              if (event.key === 'Enter') saveName();
            }}
          />
        </div>
        <button
          type="button"
          className="button"
          // Enabled as soon as a name is typed: a new name is saved first (its games follow), else the
          // saved name's games are asked again.
          disabled={busy || (saved.trim() === '' && name.trim() === '')}
          onClick={() => (name.trim() !== saved.trim() ? saveName() : void games.refetch())}
        >
          Refresh
        </button>
      </div>
      <StatusBox text={status} busy={busy} />
      <ul className="gr-picker-list" aria-label={`Recent ${SITE_LABELS[site]} games`} aria-busy={busy}>
        {list.length === 0 ? (
          <li className="gr-picker-empty muted">
            {busy ? 'Retrieving games…' : reviewed > 0 ? allReviewedText(reviewed) : 'No games retrieved'}
          </li>
        ) : (
          list.map((game) => (
            <li key={game.link || game.pgn.slice(0, 200)}>
              <button
                type="button"
                className="gr-picker-game"
                disabled={save.isPending}
                onClick={() => save.mutate(game, { onSuccess: onSaved })}
              >
                <span className="gr-picker-versus">{versusText(game)}</span>
                <span className="gr-picker-meta">{gameMeta(game)}</span>
              </button>
            </li>
          ))
        )}
      </ul>
    </div>
  );
}

/** The site's recent games are all reviews already: the list is empty for that, not for want of games. */
const allReviewedText = (n: number) =>
  n === 1 ? 'Your one recent game is already in your reviews' : `All ${n} recent games are already in your reviews`;

/** A name the site does not know is refused in the server's words (which say it was not saved). */
const refusedName = (error: Error): string =>
  isApiError(error) && error.status === 400 ? serverWords(error) : `Username not saved: ${errorText(error)}`;

function gameMeta(game: GameRecord): string {
  return [playedText(game.date_time_played), timeControlText(game.time_control), resultText(game.result)]
    .filter(Boolean)
    .join(' · ');
}
