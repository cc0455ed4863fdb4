// Output fidelity of one iteration, cell by cell (issue 16): each original code cell coloured by its verdict, with
// the verdict written out too (colour is never the only sign) and a legend of what each colour means.
import { FidelityVerdictSchema, type Fidelity, type FidelityVerdict } from '../../../../shared/models/fidelity';

export const FIDELITY_LABELS: Record<FidelityVerdict, string> = {
  same: 'same',
  'numbers-drifted': 'numbers drifted',
  different: 'different',
  'new-error': 'new error',
  'output-missing': 'output missing',
  'not-comparable': 'not comparable',
};

/** the legend lists the verdicts in the order the model defines them */
const ORDER: readonly FidelityVerdict[] = FidelityVerdictSchema.options;

export function formatFidelity(score: number | null | undefined): string {
  return score === null || score === undefined ? '–' : `${(score * 100).toFixed(1)}%`;
}

export function FidelityLegend() {
  return (
    <ul className="fidelity-legend" aria-label="fidelity legend">
      {ORDER.map((v) => (
        <li key={v}>
          <span className={`fidelity-swatch fidelity-${v}`} aria-hidden="true" /> {FIDELITY_LABELS[v]}
        </li>
      ))}
    </ul>
  );
}

export function FidelityCells({ fidelity }: { fidelity: Fidelity | null }) {
  if (!fidelity)
    return <p className="muted">Output fidelity was not measured for this iteration (no executed notebook).</p>;
  return (
    <section className="fidelity" aria-label="output fidelity by cell">
      <h3>
        Output fidelity {formatFidelity(fidelity.score)}{' '}
        <span className="muted">
          ({fidelity.reproduced} of {fidelity.comparable} comparable outputs reproduced)
        </span>
      </h3>
      <FidelityLegend />
      <ol className="fidelity-cells">
        {fidelity.cells.map((c) => (
          <li key={c.cellIndex} className={`fidelity-cell fidelity-${c.verdict}`} title={c.reason}>
            <strong>Cell {c.cellIndex + 1}</strong> <span className="chip">{FIDELITY_LABELS[c.verdict]}</span>
            {c.maxRelativeChange !== null && c.verdict === 'numbers-drifted'
              ? ` (largest change ${(c.maxRelativeChange * 100).toPrecision(3)}%)`
              : ''}
            <span className="muted"> — {c.reason}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
