// Table-driven generic repair of renamed keyword arguments. On `TypeError: f() got an unexpected keyword argument
// 'old'` (Python names methods and constructors `Class.method()` / `Class.__init__()`) and scikit-learn's
// `Invalid parameter 'old' for estimator Est(...)`, it looks the callee up in the API-change table
// (resources/api-changes: signature-changed rows `pkg.f(old)` → `pkg.f(new)`) and renames the argument in the
// failing calls only. Only rows that say the parameter was *renamed* (pure) are used, plus a short list of
// equivalents the changelogs document as keeping results; "use `new` instead" rows are not (the meaning may
// differ: MiniBatchDictionaryLearning's `n_iter` → `max_iter` counts epochs, not mini-batches), and an argument
// is never dropped. The callee is resolved through the notebook's imports; a user's own function of the same
// name, a callee the imports do not explain, or two different renames for one argument leave the code alone.
import type { Node } from 'web-tree-sitter';
import type { CellError } from '../../../../../shared/models/execution';
import { apiChangeTable, DISTRIBUTION, libraryOf, type ApiChange, type ApiChangeTable } from '../../api-changes/table';
import { compareVersions } from '../version';
import { defineRule, packageVersion, type CellContext, type Rule } from '../rule';
import type { SourceEdit } from '../source-edit';
import type { ParsedSource } from '../../../python/python-parser';
import { callArguments, keywordArgument, renameKeyword, stringContent } from '../syntax';

/** A keyword the error says the callee does not take. */
export interface UnexpectedKeyword {
  keyword: string;
  /** the callee as the error names it: 'read_csv', 'OneHotEncoder' (for `OneHotEncoder.__init__`), 'NDFrame.to_csv' */
  callee: string;
  /** a method of that class ('NDFrame.to_csv'), not a plain function or constructor */
  method: boolean;
  /** from scikit-learn's set_params check: the argument may be a `step__old` key of a parameter grid */
  estimatorParameter: boolean;
}

const TYPE_ERROR = /(?:^|\s)((?:\w+\.)*\w+)\(\) got an unexpected keyword argument '(\w+)'/;
const INVALID_PARAMETER = /Invalid parameter '?(\w+)'? for estimator (\w+)/;

export function unexpectedKeyword(error: Pick<CellError, 'ename' | 'evalue'>): UnexpectedKeyword | null {
  const typeError = error.ename === 'TypeError' ? TYPE_ERROR.exec(error.evalue) : null;
  if (typeError) {
    const parts = (typeError[1] as string).split('.');
    const last = parts.at(-1) as string;
    if (last === '__init__' || last === '__new__') {
      if (parts.length < 2) return null;
      return {
        keyword: typeError[2] as string,
        callee: parts.at(-2) as string,
        method: false,
        estimatorParameter: false,
      };
    }
    const method = parts.length >= 2 && /^[A-Z]/.test(parts.at(-2) as string);
    return {
      keyword: typeError[2] as string,
      callee: method ? `${parts.at(-2)}.${last}` : last,
      method,
      estimatorParameter: false,
    };
  }
  const invalid = error.ename === 'ValueError' ? INVALID_PARAMETER.exec(error.evalue) : null;
  if (invalid)
    return { keyword: invalid[1] as string, callee: invalid[2] as string, method: false, estimatorParameter: true };
  return null;
}

/** A documented equivalent for an argument that stopped working: the changelog entry and the arguments it gives. */
export interface KeywordEquivalent {
  /** qualified callables it applies to */
  callees: readonly string[];
  old: string;
  /** the new keyword the old value moves to */
  new: string;
  /** further arguments the equivalence needs (`tol=None`), added when the call does not set them */
  extra?: Readonly<Record<string, string>>;
  library: 'scikit-learn' | 'pandas';
  /** release the old keyword stops working in */
  version: string;
  link: string;
  why: string;
}

/**
 * Equivalents the changelogs (and the deprecation code of the release in between) document as keeping results.
 * Kept short on purpose: each is checked against the library's code of the deprecation release.
 */
export const KEYWORD_EQUIVALENTS: readonly KeywordEquivalent[] = [
  {
    callees: [
      'sklearn.linear_model.SGDClassifier',
      'sklearn.linear_model.SGDRegressor',
      'sklearn.linear_model.Perceptron',
      'sklearn.linear_model.PassiveAggressiveClassifier',
      'sklearn.linear_model.PassiveAggressiveRegressor',
    ],
    old: 'n_iter',
    new: 'max_iter',
    extra: { tol: 'None' },
    library: 'scikit-learn',
    version: '0.21',
    link:
      'https://github.com/scikit-learn/scikit-learn/blob/0.19.0/doc/whats_new.rst (0.19: `n_iter` ' +
      'deprecated in SGDClassifier, SGDRegressor, PassiveAggressive*, Perceptron; removed in 0.21)',
    why:
      "0.19's stochastic_gradient.py maps a given n_iter to max_iter=n_iter, " +
      'tol=None ("same behavior as before 0.19"): exactly n_iter epochs, no early stop',
  },
  {
    callees: ['sklearn.preprocessing.OneHotEncoder'],
    old: 'sparse',
    new: 'sparse_output',
    library: 'scikit-learn',
    version: '1.4',
    link:
      'https://github.com/scikit-learn/scikit-learn/blob/1.9.0/doc/whats_new/v1.2.rst ' +
      '(OneHotEncoder: `sparse` deprecated, use `sparse_output`)',
    why:
      '1.2\'s _encoders.py: "`sparse` was renamed to `sparse_output` ' +
      'in version 1.2" and uses the old value as sparse_output',
  },
];

export interface KeywordRename {
  callee: string;
  old: string;
  new: string;
  extra: Readonly<Record<string, string>>;
  /** the table rows or the equivalent it came from */
  rows: ApiChange[];
  equivalent: KeywordEquivalent | null;
}

const SIGNATURE = /^([\w.]+)\((\w+)\)$/;

/** Does a table callable (`sklearn.preprocessing.OneHotEncoder`) stand for the error's or the import's callee? */
function sameCallee(tableCallee: string, qualified: string | null, named: string): boolean {
  if (qualified) {
    if (tableCallee === qualified) return true;
    // the same object through another public path (`sklearn.preprocessing.data.OneHotEncoder` of 2017)
    const [a, b] = [tableCallee.split('.'), qualified.split('.')];
    return (
      a[0] === b[0] &&
      a.at(-1) === b.at(-1) &&
      (!named.includes('.') ? a.at(-1) === named : tableCallee.endsWith(`.${named}`))
    );
  }
  return tableCallee.endsWith(`.${named}`);
}

export type KeywordResolution =
  { status: 'resolved'; rename: KeywordRename } | { status: 'ambiguous'; candidates: string[] } | { status: 'unknown' };

/**
 * The rename for `keyword` of a callee: the table's pure signature-changed rows the installed version has reached,
 * and the documented equivalents; one answer or none. `qualified` is the callee resolved through the imports (null
 * for a method called on an object, where the error's `Class.method` names it).
 */
export function resolveKeyword(
  found: UnexpectedKeyword,
  qualified: string | null,
  env: CellContext['env'],
  table: ApiChangeTable = apiChangeTable(),
): KeywordResolution {
  const library = qualified ? libraryOf(qualified) : null;
  const candidates = new Map<string, KeywordRename>();
  for (const eq of KEYWORD_EQUIVALENTS) {
    if (eq.old !== found.keyword || !eq.callees.some((c) => sameCallee(c, qualified, found.callee))) continue;
    const installed = packageVersion(env, eq.library);
    if (installed && compareVersions(installed, eq.version) < 0) continue;
    candidates.set(eq.new, {
      callee: qualified ?? found.callee,
      old: eq.old,
      new: eq.new,
      extra: eq.extra ?? {},
      rows: [],
      equivalent: eq,
    });
  }
  if (candidates.size === 0) {
    for (const row of table.rows) {
      if (row.kind !== 'signature-changed' || row.pure !== true || !row.new) continue;
      const old = SIGNATURE.exec(row.old);
      const now = SIGNATURE.exec(row.new);
      if (!old || !now || old[2] !== found.keyword || old[1] !== now[1]) continue;
      if (library && row.library !== library) continue;
      if (!sameCallee(old[1] as string, qualified, found.callee)) continue;
      const installed = packageVersion(env, DISTRIBUTION[row.library]);
      if (installed && compareVersions(installed, row.version) < 0) continue;
      const name = now[2] as string;
      const entry = candidates.get(name) ?? {
        callee: old[1] as string,
        old: found.keyword,
        new: name,
        extra: {},
        rows: [],
        equivalent: null,
      };
      entry.rows.push(row);
      candidates.set(name, entry);
    }
  }
  if (candidates.size === 0) return { status: 'unknown' };
  if (candidates.size > 1) return { status: 'ambiguous', candidates: [...candidates.keys()] };
  return { status: 'resolved', rename: [...candidates.values()][0] as KeywordRename };
}

/** Names the user's own code defines as functions or classes (a `def read_csv` makes `read_csv(...)` theirs). */
function userDefinitions(ctx: CellContext): Set<string> {
  const names = new Set<string>();
  // every cell, whole: a definition anywhere in the notebook makes the name the user's
  for (const { kind, target, parsed } of ctx.bindings({ kinds: ['definition', 'assignment'] }))
    if (kind === 'definition' || target.type === 'identifier') names.add(parsed.text(target));
  return names;
}

function renameEdits(call: Node, rename: KeywordRename, parsed: ParsedSource): SourceEdit[] {
  const kw = keywordArgument(call, rename.old, parsed);
  if (!kw || keywordArgument(call, rename.new, parsed)) return [];
  const edit = renameKeyword(kw, rename.new);
  if (!edit) return [];
  const edits = [edit];
  const extras = Object.entries(rename.extra).filter(([name]) => !keywordArgument(call, name, parsed));
  if (extras.length > 0)
    edits.push({
      start: kw.endIndex,
      end: kw.endIndex,
      text: extras.map(([name, value]) => `, ${name}=${value}`).join(''),
    });
  return edits;
}

/** `'clf__n_iter'` / `'n_iter'` keys of a parameter grid or set_params call, for scikit-learn's Invalid parameter. */
function gridKeyEdits(parsed: ParsedSource, ctx: CellContext, rename: KeywordRename): SourceEdit[] {
  const edits: SourceEdit[] = [];
  const prefixes = new Set<string>();
  for (const node of ctx.nodes('string')) {
    const parent = node.parent;
    // a dict key (`{'clf__n_iter': [...]}`) only; other strings with the same text are left alone
    if (parent?.type !== 'pair' || parent.childForFieldName('key')?.id !== node.id) continue;
    const text = stringContent(node, parsed);
    if (text === null) continue;
    const m = new RegExp(`^((?:\\w+__)*)${rename.old}$`).exec(text);
    if (!m) continue;
    prefixes.add(m[1] as string);
    const raw = parsed.text(node);
    const at = raw.lastIndexOf(rename.old);
    edits.push({ start: node.startIndex + at, end: node.startIndex + at + rename.old.length, text: rename.new });
  }
  // keys of different steps (`a__n_iter`, `b__n_iter`): which estimator the message is about is unclear
  return prefixes.size === 1 && Object.keys(rename.extra).length === 0 ? edits : [];
}

const keywordRename = defineRule({
  id: 'api-table.keyword-rename',
  title: 'Renamed keyword arguments → their new name (API-change table, documented equivalents)',
  kind: 'error-repair',
  library: 'generic',
  // gated by each table row's own version against the installed package (resolveKeyword)
  since: { package: 'python', version: '3.0' },
  explanation:
    'A call passes a keyword argument the installed library no longer takes. The API-change table ' +
    "(resources/api-changes, from the changelogs and the libraries' deprecation decorators) says the " +
    'parameter was renamed, or the changelog documents an equivalent that keeps results (scikit-learn ' +
    "0.19's SGD `n_iter=N` is `max_iter=N, tol=None`; OneHotEncoder's `sparse` became `sparse_output`), " +
    'so the argument is renamed in the failing call, nothing else. Arguments are never dropped, ' +
    '"use X instead" replacements whose meaning may differ are not applied, and a user\'s own ' +
    'function of that name, an unresolvable callee or two different renames leave the code alone.',
  trigger: {
    errors: [
      { ename: 'TypeError', evalue: /\(\) got an unexpected keyword argument '\w+'/ },
      { ename: 'ValueError', evalue: /Invalid parameter '?\w+'? for estimator \w+/ },
    ],
  },
  errorScope: 'cell',
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const own = userDefinitions(ctx);
    const done = new Set<string>();
    for (const error of ctx.errors) {
      const found = unexpectedKeyword(error);
      if (!found || done.has(`${found.callee}\u0000${found.keyword}`)) continue;
      done.add(`${found.callee}\u0000${found.keyword}`);
      const bare = found.callee.slice(found.callee.lastIndexOf('.') + 1);
      // one rename for the whole cell: every matching call must agree on it
      const planned: { call: Node; rename: KeywordRename }[] = [];
      let refused = false;
      let gridRename: KeywordRename | null = null;
      for (const call of ctx.nodes('call')) {
        const fn = call.childForFieldName('function');
        if (!fn) continue;
        const name =
          fn.type === 'attribute'
            ? parsed.text(fn.childForFieldName('attribute') as Node)
            : fn.type === 'identifier'
              ? parsed.text(fn)
              : null;
        if (name === null) continue;
        // the callee under another local name (`from … import QuadraticDiscriminantAnalysis as QDA`) is the same
        const aliased =
          name !== bare && fn.type === 'identifier' && (ctx.imports.resolve(fn, parsed) ?? '').endsWith(`.${bare}`);
        if (name !== bare && !aliased && !(found.estimatorParameter && name === 'set_params')) continue;
        if (
          !callArguments(call).some(
            (a) => a.type === 'keyword_argument' && parsed.text(a.childForFieldName('name') as Node) === found.keyword,
          )
        )
          continue;
        let qualified = ctx.imports.resolve(fn, parsed);
        if (found.estimatorParameter && name === 'set_params') qualified = null;
        else if (!qualified) {
          // a method on an object: only the error's `Class.method` says what it is; a bare name the imports do not
          // bind is the user's own (or unknown) callable
          if (!(found.method && fn.type === 'attribute')) continue;
        } else if (fn.type === 'identifier' && own.has(name)) continue;
        if (qualified && found.estimatorParameter && !qualified.endsWith(`.${found.callee}`)) continue;
        const resolution = resolveKeyword(
          found.estimatorParameter && name === 'set_params' ? { ...found, method: false } : found,
          qualified,
          ctx.env,
        );
        if (resolution.status !== 'resolved') {
          if (resolution.status === 'ambiguous') refused = true;
          continue;
        }
        planned.push({ call, rename: resolution.rename });
      }
      if (found.estimatorParameter && planned.length === 0) {
        const resolution = resolveKeyword(found, null, ctx.env);
        if (resolution.status === 'resolved') gridRename = resolution.rename;
        else if (resolution.status === 'ambiguous') refused = true;
      }
      if (refused || new Set(planned.map((p) => p.rename.new)).size > 1) continue;
      for (const { call, rename } of planned) edits.push(...renameEdits(call, rename, parsed));
      if (gridRename) edits.push(...gridKeyEdits(parsed, ctx, gridRename));
    }
    return edits;
  },
});

export const API_KWARG_RULES: Rule[] = [keywordRename];
