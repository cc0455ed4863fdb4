// The rows of the settings' price tables: one row of the user's own prices (model, input and output price per 1M
// tokens) and the built-in list, whose rows can be copied into the user's table to override them.
import type { AppSettings } from '../../../../shared/contracts/schemas';

export interface PriceRow {
  model: string;
  input: string;
  output: string;
}

/** One row of the user's price table: the model, its input and output prices, and a button that removes it. */
export function PriceRowEditor({
  row,
  index: i,
  change,
  remove,
}: {
  row: PriceRow;
  index: number;
  change: (patch: Partial<PriceRow>) => void;
  remove: () => void;
}) {
  return (
    <tr>
      <td>
        <input
          aria-label={`model of price ${i + 1}`}
          value={row.model}
          onChange={(e) => change({ model: e.target.value })}
          autoComplete="off"
        />
      </td>
      {(['input', 'output'] as const).map((side) => (
        <td key={side}>
          <input
            aria-label={`${side} price of ${row.model || `price ${i + 1}`}`}
            type="number"
            step="any"
            min={0}
            value={row[side]}
            onChange={(e) => change({ [side]: e.target.value })}
            className="narrow"
          />
        </td>
      ))}
      <td>
        <button type="button" aria-label={`remove the price of ${row.model || `row ${i + 1}`}`} onClick={remove}>
          Remove
        </button>
      </td>
    </tr>
  );
}

/** The built-in list prices; a model the user has not priced can be copied into the user's table to override it. */
export function BuiltInPrices({
  prices,
  overridden,
  override,
}: {
  prices: AppSettings['llm']['defaultPrices'];
  overridden: (model: string) => boolean;
  override: (row: PriceRow) => void;
}) {
  return (
    <details>
      <summary>Built-in list prices</summary>
      <table className="plain" aria-label="built-in prices">
        <tbody>
          {Object.entries(prices).map(([model, p]) => (
            <tr key={model}>
              <td>
                <code>{model}</code>
              </td>
              <td>${p.inputPerMTok}</td>
              <td>${p.outputPerMTok}</td>
              <td>
                {!overridden(model) && (
                  <button
                    type="button"
                    onClick={() => override({ model, input: String(p.inputPerMTok), output: String(p.outputPerMTok) })}
                  >
                    Override
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
