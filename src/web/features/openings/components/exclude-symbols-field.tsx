import { EXCLUDE_SYMBOLS, EXCLUDE_SYMBOL_NAMES, type ExcludeSymbol } from '../../../../chess/exclude-symbols';

type Props = {
  value: readonly ExcludeSymbol[];
  onChange: (value: ExcludeSymbol[]) => void;
  legend?: string;
};

/** Checkboxes for the exclude-move indicators ?, ??, !? and ?!. */
export function ExcludeSymbolsField({ value, onChange, legend = 'Exclude moves marked' }: Props) {
  const toggle = (symbol: ExcludeSymbol, on: boolean) =>
    onChange(EXCLUDE_SYMBOLS.filter((s) => (s === symbol ? on : value.includes(s))));
  return (
    <fieldset className="op-fieldset op-checks">
      <legend>{legend}</legend>
      {EXCLUDE_SYMBOLS.map((symbol) => (
        <label key={symbol} className="op-check">
          <input type="checkbox" checked={value.includes(symbol)} onChange={(e) => toggle(symbol, e.target.checked)} />
          <span>
            <strong>{symbol}</strong> {EXCLUDE_SYMBOL_NAMES[symbol]}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
