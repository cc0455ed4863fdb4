// scipy.removed-functions — stats.itemfreq(a) → np.unique counts, stats.chisqprob(x, df) → stats.chi2.sf(x, df),
// linalg.pinv2 → pinv, stats.binom_test → binomtest(…).pvalue, stats.betai → special.betainc, special.sph_harm →
// sph_harm_y
//
// Why it broke: SciPy removed functions it had deprecated with a named replacement: scipy.stats.chisqprob in 1.0.0
// (2017-10-25; deprecated in 0.17: "use stats.distributions.chi2.sf instead"), scipy.stats.itemfreq in 1.3.0
// (2019-05-17; deprecated in 1.1: "Use instead `np.unique(..., return_counts=True)`") and scipy.linalg.pinv2 in
// 1.9.0 (2022-07-28; deprecated in 1.7: "its functionality is completely subsumed into scipy.linalg.pinv"), so the
// call raises AttributeError and the from-import ImportError. scipy.stats.binom_test went in 1.12.0 (2024-01-20;
// deprecated in 1.10 for scipy.stats.binomtest). scipy.stats.betai went in 1.0.0 (deprecated in 0.17: "use
// special.betainc instead") and scipy.special.sph_harm in 1.17.0 (2026-01-10; deprecated in 1.15 for sph_harm_y).
// Changelog: https://docs.scipy.org/doc/scipy/release/1.0.0-notes.html#backwards-incompatible-changes
// Changelog: https://docs.scipy.org/doc/scipy/release/1.3.0-notes.html#backwards-incompatible-changes
// Changelog: https://docs.scipy.org/doc/scipy/release/1.7.0-notes.html#deprecated-features
// Changelog: https://docs.scipy.org/doc/scipy/release/1.9.0-notes.html#expired-deprecations
// Changelog: https://docs.scipy.org/doc/scipy/release/1.12.0-notes.html#expired-deprecations
// Changelog: https://docs.scipy.org/doc/scipy/release/1.15.0-notes.html#deprecated-features
// Changelog: https://docs.scipy.org/doc/scipy/release/1.17.0-notes.html#expired-deprecations
// Example:
//     import numpy as np
//     from scipy import stats
//     from scipy.linalg import pinv2
//     freq = stats.itemfreq(labels)
//     p = stats.chisqprob(chi, 3)
//     beta = np.dot(pinv2(H), T)
//     p2 = stats.betai(0.5 * df, 0.5, df / (df + t * t))
//   →
//     import scipy.special as special
//     import numpy as np
//     from scipy import stats
//     from scipy.linalg import pinv as pinv2
//     freq = np.array(np.unique(labels, return_counts=True)).T
//     p = stats.chi2.sf(chi, 3)
//     beta = np.dot(pinv2(H, rtol=1e6 * np.finfo(float).eps), T)
//     p2 = special.betainc(0.5 * df, 0.5, np.fmin(df / (df + t * t), 1.0))
// Fix safety: Same result: itemfreq returned np.array([items, counts]).T of np.unique, which the rewrite builds from
// np.unique(a, return_counts=True); chisqprob(x, df) was special.chdtrc(df, x), chi2's survival function; pinv2 kept
// the singular values above cond·max(s), with cond 1e6·eps of float64 by default, which pinv's rtol states (atol
// defaults to 0); an explicit cond or rcond becomes rtol. betai(a, b, x) was special.betainc(a, b, x) of x clipped
// to at most 1 (np.where(x < 1.0, x, 1.0), NaN becoming 1.0), which np.fmin(x, 1.0) computes; sph_harm(m, n, theta,
// phi) ran sph_harm_y(n, m, phi, theta) in SciPy 1.15–1.16 (order and degree, azimuthal and polar angle swapped).
// The from-import of itemfreq, chisqprob or betai is dropped, sph_harm's imports sph_harm_y, and pinv2's keeps its
// local name for pinv.
// Left alone: calls with *args/**kwargs or keywords the old function did not have, a pinv2 cond that is not a number,
// a name the notebook binds itself (def itemfreq, pinv2 = …), and an imported name used other than by a call
// (passed as a function). pinv2 of a float32 array used 1e3·eps of float32: the rewrite states float64's cutoff.
import type { Node } from 'web-tree-sitter';
import { defineRule, packageVersion, type CellContext, type NotebookView } from '../../rule';
import type { ParsedSource } from '../../../../python/python-parser';
import { deleteRange, insertAt, replaceNode, type SourceEdit } from '../../source-edit';
import { callArguments, keywordName, positionalArguments } from '../../syntax';
import { compareVersions } from '../../version';

type Removed = 'itemfreq' | 'chisqprob' | 'pinv2' | 'binom_test' | 'betai' | 'sph_harm';

/** module, removal version and the old signature's parameter names, in order */
const REMOVED: Record<Removed, { module: string; since: string; params: readonly string[] }> = {
  chisqprob: { module: 'scipy.stats', since: '1.0', params: ['chisq', 'df'] },
  itemfreq: { module: 'scipy.stats', since: '1.3', params: ['a'] },
  pinv2: { module: 'scipy.linalg', since: '1.9', params: ['a', 'cond', 'rcond', 'return_rank', 'check_finite'] },
  binom_test: { module: 'scipy.stats', since: '1.12', params: ['x', 'n', 'p', 'alternative'] },
  betai: { module: 'scipy.stats', since: '1.0', params: ['a', 'b', 'x'] },
  sph_harm: { module: 'scipy.special', since: '1.17', params: ['m', 'n', 'theta', 'phi'] },
};

function removedName(qualified: string | null): Removed | null {
  if (!qualified) return null;
  for (const [name, spec] of Object.entries(REMOVED) as [Removed, (typeof REMOVED)[Removed]][])
    if (qualified === `${spec.module}.${name}`) return name;
  return null;
}

/** The call's arguments by the old signature's names; null for splats, unknown keywords or too many arguments. */
function oldArguments(call: Node, parsed: ParsedSource, params: readonly string[]): Map<string, Node> | null {
  const args = new Map<string, Node>();
  const positional = positionalArguments(call);
  if (positional.length > params.length) return null;
  positional.forEach((arg, i) => args.set(params[i] as string, arg));
  for (const arg of callArguments(call)) {
    if (arg.type === 'list_splat' || arg.type === 'dictionary_splat') return null;
    if (arg.type !== 'keyword_argument') continue;
    const name = keywordName(arg, parsed);
    const value = arg.childForFieldName('value');
    if (!params.includes(name) || args.has(name) || !value) return null;
    args.set(name, value);
  }
  return args;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * The new call's text from the old call's arguments (`fn` is the callee text to write, np the name of numpy), or
 * null when the call cannot be rewritten exactly.
 */
function rewrite(name: Removed, args: Map<string, Node>, parsed: ParsedSource, fn: string, np: () => string | null) {
  const text = (key: string): string | null => {
    const node = args.get(key);
    return node ? parsed.text(node) : null;
  };
  if (name === 'itemfreq') {
    const a = text('a');
    const numpy = np();
    return a && args.size === 1 && numpy ? `${numpy}.array(${numpy}.unique(${a}, return_counts=True)).T` : null;
  }
  if (name === 'chisqprob') {
    const [x, df] = [text('chisq'), text('df')];
    return x && df && args.size === 2 ? `${fn}(${x}, ${df})` : null;
  }
  if (name === 'betai') {
    // betai clipped x to at most 1 (np.where(x < 1.0, x, 1.0), NaN included) before special.betainc: np.fmin does
    const [a, b, x] = [text('a'), text('b'), text('x')];
    const numpy = a && b && x ? np() : null;
    return numpy ? `${fn}(${a}, ${b}, ${numpy}.fmin(${x}, 1.0))` : null;
  }
  if (name === 'sph_harm') {
    // sph_harm(m, n, theta, phi) ran sph_harm_y(n, m, phi, theta) in 1.15–1.16: theta azimuthal there, polar here
    const [m, n, theta, phi] = [text('m'), text('n'), text('theta'), text('phi')];
    return m && n && theta && phi ? `${fn}(${n}, ${m}, ${phi}, ${theta})` : null;
  }
  if (name === 'binom_test') {
    // binom_test(x, n, p, alternative) is binomtest(k=x, n, p, alternative).pvalue; x of two counts (no n) is left
    const [x, n, p, alternative] = [text('x'), text('n'), text('p'), text('alternative')];
    if (!x || !n || n === 'None') return null;
    return `${fn}(${[x, n, ...(p ? [p] : []), ...(alternative ? [`alternative=${alternative}`] : [])].join(', ')}).pvalue`;
  }
  // pinv2: the cutoff is cond (rcond when given), relative to the largest singular value; None or -1 is the default
  const a = text('a');
  if (!a) return null;
  const cutoffs = [text('rcond'), text('cond')].filter((t): t is string => t !== null && t !== 'None');
  if (cutoffs.length > 1 || cutoffs.some((t) => !NUMBER.test(t))) return null;
  let rtol: string;
  if (cutoffs.length === 0 || Number(cutoffs[0]) === -1) {
    const numpy = np();
    if (!numpy) return null;
    rtol = `1e6 * ${numpy}.finfo(float).eps`;
  } else rtol = cutoffs[0] as string;
  const rest = ['return_rank', 'check_finite'].flatMap((key) =>
    args.has(key) ? [`${key}=${text(key) as string}`] : [],
  );
  return `${fn}(${[a, `rtol=${rtol}`, ...rest].join(', ')})`;
}

/** Does the cell bind the name itself (def, class, assignment, loop target, parameter), imports left out? */
function bindsName(parsed: ParsedSource, name: string): boolean {
  if (!parsed.source.includes(name)) return false;
  for (const id of parsed.nodes('identifier')) {
    if (parsed.text(id) !== name) continue;
    const parent = id.parent;
    if (!parent) continue;
    if (
      (parent.type === 'function_definition' || parent.type === 'class_definition') &&
      parent.childForFieldName('name')?.id === id.id
    )
      return true;
    if (parent.type === 'parameters' || parent.type === 'default_parameter' || parent.type === 'typed_parameter')
      return true;
    let node: Node = id;
    while (node.parent && ['pattern_list', 'tuple_pattern', 'list_pattern'].includes(node.parent.type))
      node = node.parent;
    const holder = node.parent;
    if (
      holder &&
      ['assignment', 'augmented_assignment', 'for_statement', 'as_pattern_target'].includes(holder.type) &&
      (holder.type === 'as_pattern_target' || holder.childForFieldName('left')?.id === node.id)
    )
      return true;
  }
  return false;
}

interface State {
  /** local names of from-imported removed functions that the rule may rewrite (every use is a call it rewrites) */
  bare: Set<string>;
  /** names the notebook binds itself: a dotted use through them is not SciPy's */
  userNames: Set<string>;
}

function prepare(notebook: NotebookView, imports: CellContext['imports']): State {
  const locals = [...imports.bindings].filter(([, target]) => removedName(target) !== null).map(([local]) => local);
  const userNames = new Set<string>();
  const bare = new Set(locals);
  const heads = new Set(['scipy', 'stats', 'linalg', 'special', 'sp', ...locals]);
  for (const [local, target] of imports.bindings) if (target.startsWith('scipy')) heads.add(local);
  for (const index of notebook.codeCells) {
    const source = notebook.source(index);
    const parsed = notebook.parse(index);
    for (const name of heads) if (source.includes(name) && bindsName(parsed, name)) userNames.add(name);
    for (const local of locals) {
      if (!source.includes(local)) continue;
      for (const id of parsed.nodes('identifier')) {
        if (parsed.text(id) !== local) continue;
        const parent = id.parent;
        const inImport = id.parent?.type === 'dotted_name' || parent?.type === 'aliased_import';
        // `stats.binom_test` names the module's member, not the imported local
        if (parent?.type === 'attribute' && parent.childForFieldName('attribute')?.id === id.id) continue;
        const called = parent?.type === 'call' && parent.childForFieldName('function')?.id === id.id;
        if (!inImport && !called) bare.delete(local);
        if (called && parent) {
          const name = removedName(imports.bindings.get(local) ?? null) as Removed;
          if (!oldArguments(parent, parsed, REMOVED[name].params)) bare.delete(local);
        }
      }
    }
  }
  for (const name of userNames) bare.delete(name);
  return { bare, userNames };
}

/** Edits of one from-import statement: itemfreq/chisqprob items dropped, pinv2 → `pinv as <local>`. */
function importEdits(statement: Node, parsed: ParsedSource, state: State, removed: (n: Removed) => boolean) {
  const module = parsed.text(statement.childForFieldName('module_name') as Node).replace(/\s+/g, '');
  const items = statement.childrenForFieldName('name');
  const keep: string[] = [];
  let changed = false;
  for (const item of items) {
    const name = parsed.text(item.type === 'aliased_import' ? (item.childForFieldName('name') as Node) : item);
    const local = parsed.text(item.type === 'aliased_import' ? (item.childForFieldName('alias') as Node) : item);
    const gone = removedName(`${module}.${name}`);
    if (!gone || !removed(gone) || !state.bare.has(local)) {
      keep.push(parsed.text(item));
      continue;
    }
    changed = true;
    if (gone === 'pinv2') keep.push(`pinv as ${local}`);
    if (gone === 'sph_harm') keep.push(local === name ? 'sph_harm_y' : `sph_harm_y as ${local}`);
  }
  if (!changed) return [];
  if (keep.length > 0) {
    const first = items[0] as Node;
    const last = items.at(-1) as Node;
    return [{ start: first.startIndex, end: last.endIndex, text: keep.join(', ') }];
  }
  // nothing left to import: the statement goes, with its line when it stands alone at the top level
  const lineStart = parsed.source.lastIndexOf('\n', statement.startIndex - 1) + 1;
  const eol = parsed.source.indexOf('\n', statement.endIndex);
  const lineEnd = eol === -1 ? parsed.source.length : eol + 1;
  const alone =
    statement.parent?.type === 'module' &&
    parsed.source.slice(lineStart, statement.startIndex).trim() === '' &&
    parsed.source.slice(statement.endIndex, lineEnd).trim() === '';
  return [alone ? deleteRange(lineStart, lineEnd) : replaceNode(statement, 'pass')];
}

export const removedFunctions = defineRule({
  id: 'scipy.removed-functions',
  title:
    'stats.itemfreq(a) → np.unique counts, stats.chisqprob(x, df) → stats.chi2.sf(x, df), linalg.pinv2 → ' +
    'pinv, stats.binom_test → binomtest(…).pvalue, stats.betai → special.betainc, special.sph_harm → sph_harm_y',
  kind: 'error-repair',
  library: 'SciPy',
  since: { package: 'scipy', version: '1.0', date: '2017-10-25' },
  deprecatedIn: '0.17',
  explanation:
    'SciPy removed functions it had deprecated with a named replacement. scipy.stats.chisqprob (removed in 1.0; "use stats.distributions.chi2.sf instead") was special.chdtrc(df, x): chisqprob(x, df) becomes stats.chi2.sf(x, df). scipy.stats.itemfreq (removed in 1.3; "Use instead `np.unique(..., return_counts=True)`") returned np.array([items, counts]).T: it becomes np.array(np.unique(a, return_counts=True)).T, the same two-column array. scipy.linalg.pinv2 (removed in 1.9; "completely subsumed into scipy.linalg.pinv") kept the singular values above cond·max(s), cond 1e6·eps by default: it becomes pinv(a, rtol=1e6 * np.finfo(float).eps), or rtol=cond where the call set one, since pinv\'s own default cutoff is max(M, N)·eps. scipy.stats.binom_test (removed in 1.12; deprecated in 1.10 for binomtest) returned the p-value that binomtest(k, n, p, alternative).pvalue gives. scipy.stats.betai (removed in 1.0; "use special.betainc instead") clipped x to at most 1 before calling special.betainc: betai(a, b, x) becomes special.betainc(a, b, np.fmin(x, 1.0)). scipy.special.sph_harm (removed in 1.17; deprecated in 1.15 for sph_harm_y) was sph_harm_y with the order and degree and the two angles swapped, as its 1.15 implementation calls it: sph_harm(m, n, theta, phi) becomes sph_harm_y(n, m, phi, theta), and its from-import imports sph_harm_y. A from-import of the old name is dropped (pinv2\'s becomes `pinv as pinv2`) when every use of it is a call the rule rewrites.',
  trigger: {
    errors: [
      {
        ename: 'ImportError',
        evalue:
          /cannot import name '(itemfreq|chisqprob|pinv2|binom_test|betai|sph_harm)' from 'scipy\.(stats|linalg|special)/,
      },
      {
        ename: 'AttributeError',
        evalue:
          /module 'scipy\.(stats|linalg|special)' has no attribute '(itemfreq|chisqprob|pinv2|binom_test|betai|sph_harm)'/,
      },
    ],
    pattern: true,
  },
  needles: ['itemfreq', 'chisqprob', 'pinv2', 'binom_test', 'betai', 'sph_harm'],
  prepare: (notebook, ctx) => prepare(notebook, ctx.imports),
  apply(parsed, ctx) {
    const state = ctx.state as State;
    const installed = packageVersion(ctx.env, 'scipy');
    const removed = (name: Removed): boolean =>
      !installed || compareVersions(installed, REMOVED[name].since) >= 0 || ctx.errors.length > 0;
    const edits: SourceEdit[] = [];
    let np: ReturnType<CellContext['requireImport']> | undefined;
    const numpy = (): string | null => {
      if (np === undefined) np = ctx.requireImport('numpy', 'np');
      return np?.name ?? null;
    };
    let scipyStats: ReturnType<CellContext['requireImport']> | undefined;
    let scipySpecial: ReturnType<CellContext['requireImport']> | undefined;
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      if (!fn || (fn.type !== 'identifier' && fn.type !== 'attribute')) continue;
      const name = removedName(ctx.imports.resolve(fn, parsed));
      if (!name || !removed(name)) continue;
      let head: Node = fn;
      while (head.type === 'attribute') head = head.childForFieldName('object') as Node;
      if (head.type !== 'identifier' || state.userNames.has(parsed.text(head))) continue;
      if (fn.type === 'identifier' && !state.bare.has(parsed.text(fn))) continue;
      const args = oldArguments(call, parsed, REMOVED[name].params);
      if (!args) continue;
      // the callee to write: `stats.chi2.sf` for `stats.chisqprob`, `linalg.pinv` for `linalg.pinv2`; a bare name
      // keeps its local name (pinv2 is imported as `pinv as pinv2`) or reaches chi2 through scipy.stats
      const object = fn.type === 'attribute' ? parsed.text(fn.childForFieldName('object') as Node) : null;
      let callee: string | null = parsed.text(fn);
      if (name === 'chisqprob' || name === 'binom_test') {
        if (object === null && scipyStats === undefined) scipyStats = ctx.requireImport('scipy.stats', 'stats');
        const stats = object ?? scipyStats?.name ?? null;
        callee = stats === null ? null : `${stats}.${name === 'chisqprob' ? 'chi2.sf' : 'binomtest'}`;
      } else if (name === 'betai') {
        // betai's module was scipy.stats; betainc is scipy.special's
        if (scipySpecial === undefined) scipySpecial = ctx.requireImport('scipy.special', 'special');
        callee = scipySpecial ? `${scipySpecial.name}.betainc` : null;
      } else if (name === 'sph_harm') {
        const local = parsed.text(fn);
        callee = object ? `${object}.sph_harm_y` : local === 'sph_harm' ? 'sph_harm_y' : local;
      } else if (name === 'pinv2' && object) callee = `${object}.pinv`;
      if (!callee) continue;
      const text = rewrite(name, args, parsed, callee, numpy);
      if (text) edits.push(replaceNode(call, text));
    }
    for (const statement of parsed.nodes('import_from_statement'))
      edits.push(...importEdits(statement, parsed, state, removed));
    if (edits.length === 0) return edits;
    // the imports the rewrite needs, at the top of the cell in one insertion (two at one offset would overlap)
    const inserts = [...(np?.edits ?? []), ...(scipyStats?.edits ?? []), ...(scipySpecial?.edits ?? [])];
    if (inserts.length > 0) edits.push(insertAt(inserts[0]?.start ?? 0, inserts.map((edit) => edit.text).join('')));
    return edits;
  },
});
