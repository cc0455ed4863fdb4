// `--target auto`: a case without a score of its own (a bare notebook, or a manifest with score kind `none` and no
// target) takes the best candidate target discovery finds in the notebook's saved outputs, as an `output` score
// spec; what was chosen, and why, is returned for the report.
import { serializeNotebook } from '../../../shared/lib/ipynb';
import { discoverTargets, type TargetCandidate } from '../../../shared/lib/target-discovery';
import type { ResolvedCase, ScoreSpec, Target } from '../../../shared/models/case';
import { loadCase } from '../case/case-loader';
import { readNotebookFile } from '../notebook/notebook-file';
import type { CaseRecord, Store } from '../store';

export interface AutoTarget {
  /** the candidate used; null when the case had its own target or none was found */
  chosen: TargetCandidate | null;
  /** what happened, in words */
  note: string;
}

/** The score spec and target a candidate stands for. */
export function candidateScore(candidate: TargetCandidate): { score: ScoreSpec; target: Target } {
  return {
    score: {
      kind: 'output',
      cellIndex: candidate.cellIndex,
      pattern: candidate.pattern,
      occurrence: candidate.occurrence,
    },
    target: {
      value: candidate.value,
      higherIsBetter: candidate.higherIsBetter,
      metric: `${candidate.metric}: ${candidate.label}`,
    },
  };
}

/** Like importCase, choosing the target from the saved outputs when the case has none. */
export async function importCaseWithAutoTarget(
  store: Store,
  target: string,
  overrides: { dataDir?: string } = {},
): Promise<{ record: CaseRecord; auto: AutoTarget }> {
  const resolved: ResolvedCase = await loadCase(target, overrides);
  const notebook = await readNotebookFile(resolved.notebookPath);
  const hash = store.blobs.put(serializeNotebook(notebook));
  if (resolved.score.kind !== 'none' || resolved.target) {
    return {
      record: store.cases.upsert(resolved, hash),
      auto: {
        chosen: null,
        note: `the case has its own score (${resolved.score.kind}); --target auto left it as it is`,
      },
    };
  }
  const candidates = discoverTargets(notebook).filter((c) => c.scoreable);
  const best = candidates[0];
  if (!best) {
    return {
      record: store.cases.upsert(resolved, hash),
      auto: {
        chosen: null,
        note:
          "no score was found in the notebook's saved outputs; judged on " +
          'errors only (write a target with nbrevive case init, or by hand)',
      },
    };
  }
  const record = store.cases.upsert({ ...resolved, ...candidateScore(best) }, hash);
  return {
    record,
    auto: {
      chosen: best,
      note:
        `target chosen by --target auto: ${best.metric} ${best.value} in ` +
        `cell ${best.cellIndex} (${JSON.stringify(best.line.trim().slice(0, 80))}), ` +
        `best of ${candidates.length} candidate(s): ${best.reason}`,
    },
  };
}
