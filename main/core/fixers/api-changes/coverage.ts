// `nbrevive rules --coverage`: how much of the API-change table the rules repair, computed, not declared. For each
// removed/renamed/moved row it writes the smallest snippet that uses the old name, with the error the library
// raises for it today, runs the rules engine on it in today's stack and counts the row handled when the result
// uses the new name (by a hand-written rule, or by the generic table-driven repair). Keyword renames are checked
// the same way (`f(old=1)` with the TypeError); a removal without a named replacement counts when a hand-written
// rule rewrites its usual uses so the old name is gone; default changes are out of scope, with the reason. Deprecated
// rows (the name still works in today's stack) are not counted at all.
import type { EnvironmentDescription } from '../../../../shared/models/execution';
import { applyRules } from '../rules/rules-engine';
import { oneCellNotebook } from '../rules/working-notebook';
import { API_TABLE_RULES, resolveMember } from '../rules/catalog/api-table';
import { reviewedReason } from './reviewed';
import { callSnippets, removalSnippets, snippetFor } from './snippets';
import { classMember, type ApiChange, type ApiChangeTable, type ApiLibrary } from './table';

/** Today's stack, the versions the catalog is verified against (tools/today-stack.sh). */
export const TODAY_ENVIRONMENT: EnvironmentDescription = {
  runtime: 'local',
  python: '3.14.0',
  pythonPath: null,
  image: null,
  packages: {
    numpy: '2.4.6',
    pandas: '2.3.3',
    'scikit-learn': '1.9.0',
    scipy: '1.17.1',
    matplotlib: '3.10.9',
    seaborn: '0.13.2',
    statsmodels: '0.14.6',
    xgboost: '3.3.0',
  },
  gpus: [],
};

export type Outcome = 'hand-written' | 'generic' | 'not-handled' | 'out-of-scope';

export interface RowCoverage {
  row: ApiChange;
  outcome: Outcome;
  /** why a row is out of scope or not handled */
  reason: string | null;
  /** the rules that changed the snippet */
  ruleIds: string[];
  /** for a row a person reviewed (api-changes/reviewed.ts): why its replacement is not the same computation */
  detail?: string;
}

export interface LibraryCoverage {
  library: ApiLibrary;
  /** removed/renamed/moved rows, and how many of them a rule repairs */
  names: { total: number; handwritten: number; generic: number; notHandled: number; outOfScope: number };
  /** signature-changed rows (keyword renames) */
  keywords: { total: number; handwritten: number; generic: number; notHandled: number; outOfScope: number };
  defaults: number;
  /** out-of-scope reasons → count */
  reasons: Record<string, number>;
  /** per-library out-of-scope reasons of the removed/renamed/moved rows → count */
  nameReasons: Record<string, number>;
  /**
   * The headline: removed/renamed/moved rows a rule repairs (proved by running the engine on the row's snippet)
   * ÷ all removed/renamed/moved rows; null when the library has none. Out-of-scope rows stay in the divisor.
   */
  handled: number | null;
  /** the same rows ÷ the removed/renamed/moved rows in scope (out-of-scope rows left out); null when none is */
  handledInScope: number | null;
}

const GENERIC = new Set(API_TABLE_RULES.map((rule) => rule.id));

/** Runs the rules engine on a row's snippet and says who repaired it. */
export async function coverRow(row: ApiChange, env: EnvironmentDescription = TODAY_ENVIRONMENT): Promise<RowCoverage> {
  const snippet = snippetFor(row);
  if ('outOfScope' in snippet) {
    // no replacement named: a hand-written rule may still repair the removal (with an expression)
    for (const removal of removalSnippets(row)) {
      const result = await applyRules(oneCellNotebook(removal.source), 'all', env, {
        errors: [removal.error],
        created: null,
      });
      const cell = result.notebook.cells[0];
      const source = Array.isArray(cell?.source) ? cell.source.join('') : (cell?.source ?? '');
      const ids = result.ruleIds.filter((id) => !GENERIC.has(id));
      if (ids.length > 0 && removal.uses(source)) return { row, outcome: 'hand-written', reason: null, ruleIds: ids };
    }
    return { row, outcome: 'out-of-scope', reason: snippet.outOfScope, ruleIds: [] };
  }
  let result = await applyRules(oneCellNotebook(snippet.source), 'all', env, {
    errors: [snippet.error],
    created: null,
  });
  const sourceOf = (r: typeof result): string => {
    const cell = r.notebook.cells[0];
    return Array.isArray(cell?.source) ? cell.source.join('') : (cell?.source ?? '');
  };
  let handled = result.ruleIds.length > 0 && snippet.uses(sourceOf(result));
  // a function is used by calling it: a rule that rewrites the call (with its arguments) repairs the use
  for (const call of handled ? [] : callSnippets(row, snippet)) {
    const tried = await applyRules(oneCellNotebook(call.source), 'all', env, { errors: [call.error], created: null });
    if (tried.ruleIds.length > 0 && call.uses(sourceOf(tried))) {
      result = tried;
      handled = true;
      break;
    }
  }
  // "use X instead" names a replacement that may behave differently: only a hand-written rule may take it
  const member = classMember(row.old);
  if (!handled && member && row.pure === true && resolveMember(snippet.error, env).status === 'ambiguous')
    return {
      row,
      outcome: 'out-of-scope',
      reason: "member renamed differently in the library's classes (which object `x.name` is needs its type): refused",
      ruleIds: [],
    };
  const reviewed = handled ? null : reviewedReason(row.old);
  if (reviewed && row.kind !== 'signature-changed')
    return { row, outcome: 'out-of-scope', reason: reviewed.reason, detail: reviewed.detail, ruleIds: [] };
  if (!handled && row.kind !== 'signature-changed' && row.pure !== true)
    return {
      row,
      outcome: 'out-of-scope',
      reason: 'replacement is not a pure rename ("use X instead"): needs a hand-written rule',
      ruleIds: [],
    };
  // a keyword whose changelog says "use `new` instead" may mean something else: renamed only where documented equal
  if (!handled && row.kind === 'signature-changed' && row.pure !== true)
    return {
      row,
      outcome: 'out-of-scope',
      reason: 'keyword "use X instead" (meaning may differ): renamed only where a documented equivalent says so',
      ruleIds: [],
    };
  if (!handled)
    return {
      row,
      outcome: 'not-handled',
      reason: result.ruleIds.length === 0 ? 'no rule changed the snippet' : `rules changed it without using ${row.new}`,
      ruleIds: result.ruleIds,
    };
  const handwritten = result.ruleIds.some((id) => !GENERIC.has(id));
  return { row, outcome: handwritten ? 'hand-written' : 'generic', reason: null, ruleIds: result.ruleIds };
}

export async function computeCoverage(
  table: ApiChangeTable,
  libraries: readonly ApiLibrary[],
  env: EnvironmentDescription = TODAY_ENVIRONMENT,
): Promise<{ libraries: LibraryCoverage[]; rows: RowCoverage[] }> {
  const all: RowCoverage[] = [];
  const out: LibraryCoverage[] = [];
  for (const library of libraries) {
    const rows = table.rows.filter((row) => row.library === library);
    const names = { total: 0, handwritten: 0, generic: 0, notHandled: 0, outOfScope: 0 };
    const keywords = { total: 0, handwritten: 0, generic: 0, notHandled: 0, outOfScope: 0 };
    const reasons: Record<string, number> = {};
    const nameReasons: Record<string, number> = {};
    let defaults = 0;
    for (const row of rows) {
      const covered = await coverRow(row, env);
      all.push(covered);
      if (row.kind === 'default-changed') {
        defaults++;
        continue;
      }
      // a deprecation the library still honours today is not a removal: nothing to repair, not counted
      if (row.kind === 'deprecated') continue;
      const bucket = row.kind === 'signature-changed' ? keywords : names;
      bucket.total++;
      if (covered.outcome === 'hand-written') bucket.handwritten++;
      else if (covered.outcome === 'generic') bucket.generic++;
      else if (covered.outcome === 'not-handled') bucket.notHandled++;
      else {
        bucket.outOfScope++;
        if (covered.reason) {
          reasons[covered.reason] = (reasons[covered.reason] ?? 0) + 1;
          if (bucket === names) nameReasons[covered.reason] = (nameReasons[covered.reason] ?? 0) + 1;
        }
      }
    }
    const handled = names.handwritten + names.generic;
    out.push({
      library,
      names,
      keywords,
      defaults,
      reasons,
      nameReasons,
      handled: names.total ? handled / names.total : null,
      handledInScope: names.total > names.outOfScope ? handled / (names.total - names.outOfScope) : null,
    });
  }
  return { libraries: out, rows: all };
}
