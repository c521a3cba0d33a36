import { useState, type FormEvent } from 'react';
import { PREP_SITES, PREP_SITE_NAMES, type PrepRequest, type PrepSite } from '@contract/opponent-prep';
import { colorName } from '../lib/prep-text';

type Props = {
  initial: PrepRequest | undefined;
  busy: boolean;
  onSubmit: (input: PrepRequest) => void;
};

/** Site, the opponent's name and the colour the player will have. */
export function PrepForm({ initial, busy, onSubmit }: Props) {
  const [site, setSite] = useState<PrepSite>(initial?.site ?? 'lichess');
  const [username, setUsername] = useState(initial?.username ?? '');
  const [color, setColor] = useState<'white' | 'black'>(initial?.color ?? 'white');
  const [problem, setProblem] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    if (!/^[A-Za-z0-9_-]{1,50}$/.test(name)) {
      setProblem(
        name === ''
          ? "Enter your opponent's username"
          : 'A username holds only letters, digits, _ and - (at most 50 characters)',
      );
      return;
    }
    setProblem('');
    onSubmit({ site, username: name, color });
  };

  return (
    <form className="prep-form card" onSubmit={submit} noValidate>
      <fieldset className="prep-choice">
        <legend>Site</legend>
        {PREP_SITES.map((s) => (
          <label key={s} className={site === s ? 'is-chosen' : ''}>
            <input type="radio" name="prep-site" checked={site === s} onChange={() => setSite(s)} />
            {PREP_SITE_NAMES[s]}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="prep-username">Opponent&apos;s username</label>
        <input
          id="prep-username"
          className="input"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem !== ''}
          aria-describedby={problem ? 'prep-username-error' : undefined}
          placeholder={site === 'lichess' ? 'e.g. thibault' : 'e.g. hikaru'}
        />
        {problem && (
          <p id="prep-username-error" className="field-error" role="alert">
            {problem}
          </p>
        )}
      </div>
      <fieldset className="prep-choice">
        <legend>You will play</legend>
        {(['white', 'black'] as const).map((c) => (
          <label key={c} className={color === c ? 'is-chosen' : ''}>
            <input type="radio" name="prep-color" checked={color === c} onChange={() => setColor(c)} />
            {colorName(c)}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Preparing…' : 'Prepare'}
      </button>
    </form>
  );
}
