// statsmodels.misspelled-names — het_breushpagan / acorr_breush_godfrey → het_breuschpagan / acorr_breusch_godfrey
//
// Why it broke: statsmodels 0.8.0 (2017-02-08) corrected the spelling of three diagnostic tests (Breusch, Lilliefors)
// and kept the misspelled names as np.deprecate wrappers of the same functions ("Use het_breuschpagan,
// het_breushpagan will be removed in 0.9 (Note: misspelling missing 'c')"); 0.10.0 (2019-06-24) removed them, so
// sms.het_breushpagan(…) raises "AttributeError: module 'statsmodels.stats.api' has no attribute 'het_breushpagan'"
// and `from statsmodels.stats.diagnostic import acorr_breush_godfrey` an ImportError.
// Changelog: https://www.statsmodels.org/stable/release/version0.8.html
// Changelog: https://www.statsmodels.org/stable/release/version0.10.html
// Changelog: https://github.com/statsmodels/statsmodels/pull/5170
// Example:
//     import statsmodels.stats.api as sms
//     from statsmodels.stats.diagnostic import acorr_breush_godfrey
//     lm = sms.het_breushpagan(results.resid, results.model.exog)
//     bg = acorr_breush_godfrey(results)
//   →
//     import statsmodels.stats.api as sms
//     from statsmodels.stats.diagnostic import acorr_breusch_godfrey as acorr_breush_godfrey
//     lm = sms.het_breuschpagan(results.resid, results.model.exog)
//     bg = acorr_breush_godfrey(results, nlags=int(12. * (len(results.resid) / 100.) ** 0.25))
// Fix safety: Same result: each old name was np.deprecate(new_function, …), the very function under the new name, and
// het_breuschpagan's robust=True default is the n·R² statistic it computed then. acorr_breusch_godfrey's default
// nlags changed since (trunc(12·(nobs/100)^¼) then, min(10, nobs // 5) now: 12 and 10 lags at 100 observations,
// another LM statistic), so a call without nlags gets the old number of lags written out; its first argument is read
// twice, so it must be a name or an attribute.
// Left alone: lillifors (lilliefors' default p-values changed: the Dallal-Wilkinson approximation below 0.1 and an
// older table capped at 0.2 then, another table now: 0.00012 then, 0.001 now), acorr_breush_godfrey when any use of
// it in the notebook is not a call with nlags or a plain results argument, names of the notebook's own (a `def
// het_breushpagan` of its own), and the same names outside statsmodels.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { type NotebookView, defineRule } from '../../rule';
import { appendArguments, hasSplat, keywordArgument, positionalArguments } from '../../syntax';
import type { SourceEdit } from '../../source-edit';
import type { ImportTable } from '../../imports';
import { missingNameTriggers } from '../helpers';
import { moduleMoveEdits, type ModuleMove } from '../module-moves';

const BG = 'acorr_breush_godfrey';

/** Every module that exported the misspelled names until 0.10 (`sm.stats` is statsmodels.stats.api). */
const MODULES = [
  'statsmodels.stats.api',
  'statsmodels.api.stats',
  'statsmodels.stats.diagnostic',
  'statsmodels.sandbox.stats.diagnostic',
];

function moves(withBreuschGodfrey: boolean): ModuleMove[] {
  const names: ModuleMove['names'] = { het_breushpagan: { name: 'het_breuschpagan' } };
  if (withBreuschGodfrey) names[BG] = { name: 'acorr_breusch_godfrey' };
  return MODULES.map((from) => ({ from, names }));
}

/** A name or attribute chain (res, model.results): the same object when read twice. */
function plain(node: Node | undefined): boolean {
  if (node?.type === 'identifier') return true;
  return node?.type === 'attribute' && plain(node.childForFieldName('object') ?? undefined);
}

/**
 * The uses of acorr_breush_godfrey in one cell outside imports: the calls that need the old default nlags (their
 * first argument), or null when a use cannot get it (not a call, *args/**kwargs, a computed results argument).
 */
function breuschGodfreyCalls(parsed: ParsedSource, imports: ImportTable): Node[] | null {
  const calls: Node[] = [];
  for (const id of parsed.nodes('identifier')) {
    if (parsed.text(id) !== BG) continue;
    const parent = id.parent;
    if (!parent || ['dotted_name', 'aliased_import', 'import_from_statement'].includes(parent.type)) continue;
    const fn = parent.type === 'attribute' && parent.childForFieldName('attribute')?.id === id.id ? parent : id;
    // a function of the notebook's own, or another module's
    if (!(imports.resolve(fn, parsed) ?? '').startsWith('statsmodels.')) continue;
    const call = fn.parent;
    if (call?.type !== 'call' || call.childForFieldName('function')?.id !== fn.id || hasSplat(call)) return null;
    const positional = positionalArguments(call);
    if (positional.length >= 2 || keywordArgument(call, 'nlags', parsed)) continue;
    if (!plain(positional[0])) return null;
    calls.push(call);
  }
  return calls;
}

/** Can every use of acorr_breush_godfrey in the notebook get the old default nlags? */
function breuschGodfreyFixable(notebook: NotebookView, imports: ImportTable): boolean {
  return notebook.codeCells.every((index) => {
    const parsed = notebook.parse(index);
    return !parsed.source.includes(BG) || breuschGodfreyCalls(parsed, imports) !== null;
  });
}

export const misspelledNames = defineRule({
  id: 'statsmodels.misspelled-names',
  title: 'het_breushpagan / acorr_breush_godfrey → het_breuschpagan / acorr_breusch_godfrey (its old default nlags)',
  kind: 'error-repair',
  library: 'statsmodels',
  since: { package: 'statsmodels', version: '0.10', date: '2019-06-24' },
  deprecatedIn: '0.8',
  explanation:
    'statsmodels 0.8 corrected the spelling of het_breuschpagan, acorr_breusch_godfrey and lilliefors and kept the ' +
    'misspelled names as deprecated aliases of the same functions; 0.10 removed the aliases. The import or the ' +
    "dotted use gets the corrected name; acorr_breusch_godfrey's calls without nlags get the old default " +
    'trunc(12·(nobs/100)^¼) (it is min(10, nobs // 5) now). lillifors is left alone: its p-values changed.',
  trigger: {
    errors: missingNameTriggers(String.raw`statsmodels[\w.]*`, '(het_breushpagan|acorr_breush_godfrey)'),
    pattern: true,
  },
  needles: ['het_breushpagan', BG],
  apply(parsed, ctx) {
    if (!ctx.imports.imports('statsmodels')) return [];
    const bg = breuschGodfreyFixable(ctx.notebook, ctx.imports);
    const edits: SourceEdit[] = moves(bg).flatMap((move) => moduleMoveEdits(parsed, ctx, move));
    if (!bg) return edits;
    for (const call of breuschGodfreyCalls(parsed, ctx.imports) ?? []) {
      const results = parsed.text(positionalArguments(call)[0] as Node);
      const edit = appendArguments(call, [`nlags=int(12. * (len(${results}.resid) / 100.) ** 0.25)`], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
