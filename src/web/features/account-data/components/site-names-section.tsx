import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/text-field';
import { errorText } from '../../../lib/api-client';
import type { User } from '../../../lib/session';
import { useUpdateSiteUsername } from '../../../lib/site-usernames';

/** The player's usernames on Lichess and Chess.com, used to fetch their recent games. */
export function SiteNamesSection({ user }: { user: User }) {
  const [lichess, setLichess] = useState(user.username_lichess ?? '');
  const [chessCom, setChessCom] = useState(user.username_chess_dot_com ?? '');
  const [message, setMessage] = useState('');
  const saveLichess = useUpdateSiteUsername('lichess');
  const saveChessCom = useUpdateSiteUsername('chesscom');
  const busy = saveLichess.isPending || saveChessCom.isPending;

  async function save(event: FormEvent) {
    event.preventDefault();
    setMessage('');
    try {
      if (lichess.trim() !== (user.username_lichess ?? '')) await saveLichess.mutateAsync(lichess.trim());
      if (chessCom.trim() !== (user.username_chess_dot_com ?? '')) await saveChessCom.mutateAsync(chessCom.trim());
      setMessage('Usernames saved');
    } catch (error) {
      setMessage(`Not saved: ${errorText(error)}`);
    }
  }

  return (
    <section className="card account-section" aria-labelledby="account-sites">
      <h2 id="account-sites">Usernames on the chess sites</h2>
      <form className="form account-names" onSubmit={save}>
        <TextField
          label="Lichess username"
          value={lichess}
          onChange={(e) => setLichess(e.target.value)}
          autoComplete="off"
        />
        <TextField
          label="Chess.com username"
          value={chessCom}
          onChange={(e) => setChessCom(e.target.value)}
          autoComplete="off"
        />
        <div className="account-actions">
          <button type="submit" className="button" disabled={busy}>
            Save usernames
          </button>
          <output className="form-message" aria-live="polite">
            {message}
          </output>
        </div>
      </form>
    </section>
  );
}
