// Targets on import (issue 16): the candidates target discovery finds in an imported case's saved outputs, and
// storing the one a user accepted as the case's `output` score spec and target — what `nbrevive case init --pick N`
// writes into a manifest, kept in the case record (the case folder is never written to; a later import of the same
// folder reads its manifest again).
import { NbreviveError } from '../../../shared/lib/errors';
import { parseNotebook } from '../../../shared/lib/ipynb';
import { discoverTargets, type TargetCandidate } from '../../../shared/lib/target-discovery';
import type { ResolvedCase } from '../../../shared/models/case';
import { candidateScore } from '../../core/jobs/auto-target';
import type { CaseRecord, CaseSummary, Store } from '../../core/store';

/** Candidates shown per case: more than a user reads, fewer than a corpus of 500 makes heavy. */
const SHOWN = 10;

/** The candidates an `output` score spec can read, best first, ranks as `nbrevive targets` numbers them. */
function candidatesOf(store: Store, record: CaseRecord): TargetCandidate[] {
  const notebook = parseNotebook(store.blobs.getText(record.originalHash));
  return discoverTargets(notebook, { limit: 50 })
    .filter((c) => c.scoreable)
    .slice(0, SHOWN);
}

function readsCandidate(c: ResolvedCase, candidate: TargetCandidate): boolean {
  return (
    c.score.kind === 'output' &&
    c.score.cellIndex === candidate.cellIndex &&
    c.score.pattern === candidate.pattern &&
    c.target?.value === candidate.value
  );
}

export function caseTargets(store: Store, caseIds: readonly string[]) {
  return {
    cases: caseIds.map((caseId) => {
      const record = store.cases.require(caseId);
      const candidates = candidatesOf(store, record);
      const chosen = candidates.find((c) => readsCandidate(record.case, c));
      return { caseId, title: record.title, target: record.target, chosenRank: chosen?.rank ?? null, candidates };
    }),
  };
}

export function setCaseTargets(
  store: Store,
  choices: readonly { caseId: string; rank: number | null }[],
): { cases: CaseSummary[] } {
  // every choice is checked before any is stored: a stale rank leaves the whole batch as it was
  const planned = choices.map(({ caseId, rank }) => {
    const record = store.cases.require(caseId);
    if (rank === null) return { record, candidate: null, total: 0 };
    const candidates = candidatesOf(store, record);
    const candidate = candidates.find((c) => c.rank === rank);
    if (!candidate) {
      const ranks = candidates.length
        ? `ranks: ${candidates.map((c) => c.rank).join(', ')}`
        : 'none was found in its saved outputs';
      throw new NbreviveError(
        'invalid-request',
        `case ${caseId} has no target candidate ranked ${rank} (${ranks}); ask app:cases.targets again`,
      );
    }
    return { record, candidate, total: candidates.length };
  });
  const cases = planned.map(({ record, candidate, total }) => {
    const provenance = candidate
      ? `chosen on import: candidate ${candidate.rank} of ${total} found in the saved outputs (${candidate.reason})`
      : 'chosen on import: no target (judged on errors and output fidelity)';
    const resolved: ResolvedCase = {
      ...record.case,
      ...(candidate ? candidateScore(candidate) : { score: { kind: 'none' as const }, target: null }),
      manifest: record.case.manifest
        ? { ...record.case.manifest, provenance: { ...asObject(record.case.manifest.provenance), target: provenance } }
        : null,
    };
    const {
      case: _case,
      caseKey: _key,
      notebookPath: _path,
      originalHash: _hash,
      updatedAt: _at,
      ...summary
    } = store.cases.upsert(resolved, record.originalHash);
    return summary;
  });
  return { cases };
}

function asObject(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
