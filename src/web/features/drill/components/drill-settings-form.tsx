import { useEffect, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { useDrillSettings, useSaveDrillSettings } from '../api/drill-settings';

/** How many New items a day the drill serves (20 by default). */
export function DrillSettingsForm() {
  const settings = useDrillSettings();
  const save = useSaveDrillSettings();
  const [value, setValue] = useState('');
  useEffect(() => {
    if (settings.data) setValue(String(settings.data.new_per_day));
  }, [settings.data]);
  return (
    <form
      className="drill-settings"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ new_per_day: Number(value) });
      }}
    >
      <label htmlFor="drill-new-per-day">New items a day</label>
      <input
        id="drill-new-per-day"
        className="input"
        type="number"
        min={0}
        max={500}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <button type="submit" className="button" disabled={save.isPending || !settings.data}>
        Save
      </button>
      {save.isSuccess && <span className="form-message is-success">Saved</span>}
      {save.isError && (
        <span className="form-message is-error" role="alert">
          {errorText(save.error)}
        </span>
      )}
    </form>
  );
}
