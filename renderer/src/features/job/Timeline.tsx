// The iteration timeline: one item per execution (status, problem, errors, score, fidelity) and the fix that made
// the next version, with its rule ids or model.
import type { IterationSummary } from '../../../../shared/contracts/schemas';
import type { Fix } from '../../../../shared/models/loop';
import { formatDuration } from '../../../../shared/lib/format';
import { formatScore } from '../../lib/format';
import { Badge } from '../../ui/Badge';
import { formatFidelity } from './FidelityCells';

export function FixChip({ fix, summary }: { fix: Fix | null; summary: IterationSummary['fix'] }) {
  const f = fix ?? summary;
  if (!f) return null;
  const origin = fix ? (fix.source === 'llm' ? (fix.model ?? 'model') : fix.ruleIds.join(', ')) : '';
  return (
    <span className="chip" title={f.plan}>
      <b>{f.type}</b> · {f.source}
      {origin ? ` · ${origin}` : ''}
    </span>
  );
}

export function TimelineItem({
  it,
  fix,
  selected,
  best,
  onSelect,
}: {
  it: IterationSummary;
  fix: Fix | null;
  selected: boolean;
  best: boolean;
  onSelect(): void;
}) {
  return (
    <li className={`tl-item ${selected ? 'selected' : ''}`}>
      <button type="button" onClick={onSelect} aria-pressed={selected} aria-label={`iteration ${it.index}`}>
        <span className="row">
          <b>#{it.index}</b>
          <Badge kind="status" value={it.status} />
          {best && <span className="chip best">best</span>}
          <span className="spacer" />
          <span className="muted small">{formatDuration(it.wallTimeMs)}</span>
        </span>
        <span className="row small">
          {it.verdict.problem ? (
            <span className="problem">{it.verdict.problem}</span>
          ) : (
            <span className="ok">no problem</span>
          )}
          <span className="muted">
            {it.errorCount} error{it.errorCount === 1 ? '' : 's'} · score {formatScore(it.score)} · fidelity{' '}
            {formatFidelity(it.fidelity)}
          </span>
        </span>
        {it.fix && (
          <span className="row small">
            → <FixChip fix={fix} summary={it.fix} />
            {it.fixFailed && <span className="bad">did not help</span>}
            {it.fix.flags?.includes('fidelity-regression') && (
              <span className="bad">changed outputs of cells it did not edit</span>
            )}
          </span>
        )}
      </button>
    </li>
  );
}
