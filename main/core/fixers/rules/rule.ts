// The rule API: one deterministic migration (a removed API, a renamed argument, a changed default) with the
// library version where the behaviour changed, what triggers it (an error signature and/or a syntax pattern),
// the edit it makes on a cell's syntax tree, and an explanation a person can read. Each rule lives in its own
// file, catalog/<library>/<what>.ts; catalog/index.ts lists them all in application order.
import type { ResolvedCase } from '../../../../shared/models/case';
import type { CellError, EnvironmentDescription } from '../../../../shared/models/execution';
import type { FixType } from '../../../../shared/models/loop';
import type { Notebook } from '../../../../shared/models/notebook';
import type { Node } from 'web-tree-sitter';
import type { BindingFilter, NotebookBindingSite } from './bindings';
import type { ImportTable } from './imports';
import type { PublicNames } from './public-names';
import type { ParsedSource } from '../../python/python-parser';
import type { SourceEdit } from './source-edit';
import { compareVersions, isBeforeDate } from './version';

/** A library version where behaviour changed; `date` is that release's date (score calibration compares it). */
export interface VersionPin {
  /** distribution name as EnvironmentDescription.packages spells it ('scikit-learn', 'pandas'), or 'python' */
  package: string;
  version: string;
  /** YYYY-MM-DD release date of `version` */
  date?: string;
}

/** A static needle: a RegExp, or anything else that tests a source cheaply (e.g. a word-set lookup). */
export interface NeedleMatcher {
  test(source: string): boolean;
}

/** Matches sources that call one of the names (`Name(`), by a word lookup instead of a long alternation. */
export function callNeedle(names: Iterable<string>): NeedleMatcher {
  const wanted = new Set(names);
  return {
    test(source: string): boolean {
      for (const match of source.matchAll(/([A-Za-z_]\w*)\s*\(/g)) if (wanted.has(match[1] as string)) return true;
      return false;
    },
  };
}

export interface ErrorSignature {
  ename: string;
  /** matched against the error's evalue */
  evalue?: RegExp;
}

export interface Rule {
  /** stable, '<library folder>.<what>', e.g. 'sklearn.model-selection-modules' (catalog/aliases.ts keeps old ids) */
  id: string;
  title: string;
  kind: FixType;
  /** the library whose change this rule follows (display name) */
  library: string;
  /** the old code stops working (error-repair) or behaves differently (score-calibration) from this version */
  since: VersionPin;
  /** version that deprecated the old API, when it differs from `since` */
  deprecatedIn?: string;
  /** the rule's replacement does not exist from this version of the same package on (exclusive upper bound) */
  until?: string;
  /** what changed and what the edit does, for a person reviewing the fix */
  explanation: string;
  trigger: {
    /** errors that show this rule's problem; the rule is then applied to the failing cells */
    errors?: ErrorSignature[];
    /**
     * The rule's syntax pattern is certainly broken in an environment at or past `since` (or, for calibration
     * and runtime rules, applicable) wherever it appears: it is applied to every cell, not only failing ones.
     */
    pattern?: boolean;
    /**
     * The fix lies outside the failing cell (a class shimmed once where the notebook imports it, for every use): a
     * matching error anywhere in the run makes every code cell that passes the needles a target, whole, with those
     * errors. The rule itself finds the place it edits.
     */
    anywhere?: boolean;
  };
  /** on an error-triggered application: edit the whole failing cell or only the lines the error points at */
  errorScope?: 'cell' | 'line';
  /**
   * Cheap prefilter before a cell is parsed: the rule only runs on cells whose source contains one of these
   * strings or matches one of these patterns, or for which the function (given prepare()'s state) says yes.
   */
  needles?: readonly (string | NeedleMatcher)[] | ((source: string, state: unknown) => boolean);
  /** semantic-change flags a fix by this rule carries (Fix.flags) */
  flags?: readonly string[];
  /**
   * A score-calibration rule whose old default also does less work (3 folds instead of 5, 10 trees instead of 100):
   * when a run of a notebook dated before the change times out and no runtime reduction is left, the era's default
   * is pinned too. It computes what the author computed, only sooner.
   */
  reducesWork?: boolean;
  /** notebook-wide analysis before the rule edits any cell (e.g. which variables hold an old KFold) */
  prepare?(notebook: NotebookView, ctx: RuleRunContext): unknown;
  /** the edits for one cell; [] when the rule does not apply there */
  apply(parsed: ParsedSource, ctx: CellContext): SourceEdit[];
}

/** The notebook as rules see it: code cells' current sources, parsed on demand. */
export interface NotebookView {
  readonly notebook: Notebook;
  /** indexes of code cells, in order */
  readonly codeCells: readonly number[];
  source(cellIndex: number): string;
  parse(cellIndex: number): ParsedSource;
}

export interface RuleRunContext {
  env: EnvironmentDescription;
  case: ResolvedCase | null;
  /** the notebook's original date (case.created), YYYY[-MM[-DD]] or null */
  created: string | null;
  /** imports of the whole notebook (current sources) */
  readonly imports: ImportTable;
  notebook: NotebookView;
  /** the notebook as its author saved it (the outputs the author's run printed), when known */
  original?: Notebook | null;
  /**
   * Where the notebook binds names (assignments, loops, with and `as` targets, parameters, definitions), every code
   * cell whole, narrowed by `filter`: the one notebook-wide walk (bindings.ts), in place of each rule's own.
   */
  bindings(filter?: BindingFilter): NotebookBindingSite[];
  /**
   * Where the names the run's NameErrors name are public in the libraries the notebook imports, as the runtime
   * answered (public-names.ts); null when it was not asked or could not say.
   */
  publicNames?: PublicNames | null;
}

export interface CellContext extends RuleRunContext {
  cellIndex: number;
  /** what prepare() returned */
  state: unknown;
  /** errors of this cell that matched the rule's signatures (empty for a pattern application) */
  errors: CellError[];
  /** is the node where this application may edit (everywhere, or on the failing lines for errorScope 'line') */
  inScope(node: Node): boolean;
  /** the cell's nodes of a type that are in scope, in source order (the engine applies inScope) */
  nodes(type: string): Node[];
  /** the calls in scope, with their callee resolved through the notebook's imports, narrowed by `filter` */
  calls(filter?: CallFilter): ResolvedCall[];
  /**
   * A name this cell can write to reach `module` (the notebook's own alias, else `preferred`, else the module's full
   * name) and the import to add for it (none when the name is bound already); null when no name is free, and the
   * rule then leaves the code alone. The one import service: rules do not write import lines by hand.
   */
  requireImport(module: string, preferred: string): { name: string; edits: SourceEdit[] } | null;
}

/**
 * Which calls a rule wants: callees under `module` (a package prefix; a bare name counts when a star import of the
 * module is in the notebook and `names` lists it), named `names`.
 */
export interface CallFilter {
  module?: string;
  names?: readonly string[];
}

/** A call in scope: its node, its callee's qualified name (null when not reached through an import) and last name. */
export interface ResolvedCall {
  node: Node;
  callee: string | null;
  name: string | null;
}

export type Gate = 'yes' | 'no' | 'unknown';

/** The environment's version of a package ('python' reads EnvironmentDescription.python), or null. */
export function packageVersion(env: EnvironmentDescription, pkg: string): string | null {
  if (pkg === 'python') return /(\d+(?:\.\d+)+)/.exec(env.python)?.[1] ?? null;
  const wanted = pkg.toLowerCase().replace(/_/g, '-');
  for (const [name, version] of Object.entries(env.packages))
    if (name.toLowerCase().replace(/_/g, '-') === wanted) return version;
  return null;
}

/** Does the environment have the change this rule follows (its package at or past `since`, before `until`)? */
export function versionGate(rule: Rule, env: EnvironmentDescription): Gate {
  const version = packageVersion(env, rule.since.package);
  if (!version) return 'unknown';
  if (compareVersions(version, rule.since.version) < 0) return 'no';
  if (rule.until && compareVersions(version, rule.until) >= 0) return 'no';
  return 'yes';
}

/** Score calibration pins an old default only for notebooks written before the release that changed it. */
export function predatesChange(rule: Rule, created: string | null): boolean {
  if (!rule.since.date) return true;
  return created === null || isBeforeDate(created, rule.since.date);
}

export function matchesSignature(rule: Rule, error: Pick<CellError, 'ename' | 'evalue'>): boolean {
  return (rule.trigger.errors ?? []).some(
    (sig) => sig.ename === error.ename && (!sig.evalue || sig.evalue.test(error.evalue)),
  );
}

/** Does a cell's source pass the rule's needles? */
export function passesNeedles(rule: Rule, source: string, state: unknown): boolean {
  const needles = rule.needles;
  if (!needles) return true;
  if (typeof needles === 'function') return needles(source, state);
  return needles.some((needle) => (typeof needle === 'string' ? source.includes(needle) : needle.test(source)));
}

/** Identity helper that type-checks a catalog entry. */
export function defineRule(rule: Rule): Rule {
  return rule;
}

/** What listRules() shows for docs and the UI. */
export interface RuleInfo {
  id: string;
  title: string;
  kind: FixType;
  library: string;
  since: VersionPin;
  deprecatedIn: string | null;
  explanation: string;
  triggers: { errors: string[]; pattern: boolean; timeout: boolean };
}

export function describeRule(rule: Rule): RuleInfo {
  return {
    id: rule.id,
    title: rule.title,
    kind: rule.kind,
    library: rule.library,
    since: rule.since,
    deprecatedIn: rule.deprecatedIn ?? null,
    explanation: rule.explanation,
    triggers: {
      errors: (rule.trigger.errors ?? []).map((sig) =>
        sig.evalue ? `${sig.ename}: /${sig.evalue.source}/` : sig.ename,
      ),
      pattern: rule.trigger.pattern ?? false,
      timeout: rule.reducesWork ?? false,
    },
  };
}
