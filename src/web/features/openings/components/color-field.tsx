import type { Color } from '../api/types';

type Props = { value: Color | undefined; onChange: (color: Color) => void; legend?: string; name: string };

/** White or Black as two radio buttons; none checked while the value is undefined. */
export function ColorField({ value, onChange, legend = 'Colour', name }: Props) {
  return (
    <fieldset className="op-fieldset op-checks">
      <legend>{legend}</legend>
      {(['white', 'black'] as const).map((color) => (
        <label key={color} className="op-check">
          <input type="radio" name={name} value={color} checked={value === color} onChange={() => onChange(color)} />
          <span>{color === 'white' ? 'White' : 'Black'}</span>
        </label>
      ))}
    </fieldset>
  );
}
