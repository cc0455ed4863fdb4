// The rules engine: applies catalog rules to a notebook's code cells on their syntax trees and proposes the
// result as one Fix. Rules are gated on the environment's package versions; error-repair rules answer the
// errors of the last run (in the failing cells) and fix patterns that are certainly broken anywhere in the
// notebook, so one iteration repairs many cells. Every edited cell is re-parsed and the edit is refused if it
// parses worse than before. Every failing cell is answered, not only the first: a rule gap on the first error
// leaves the rules of later cells to apply. The notebook it edits is working-notebook.ts, where each rule applies
// rule-targets.ts, and the fixer the loop asks (with the diagnosis of the errors left) rules-fixer.ts.
import { splitLines } from '../../../../shared/lib/text';
import type { ResolvedCase } from '../../../../shared/models/case';
import type { CellError, EnvironmentDescription } from '../../../../shared/models/execution';
import type { CellEdit, FixType } from '../../../../shared/models/loop';
import type { Notebook } from '../../../../shared/models/notebook';
import type { Node } from 'web-tree-sitter';
import { resolveRuleId } from './catalog/aliases';
import { RULES } from './catalog/index';
import { notebookBindings } from './bindings';
import { cellServices } from './cell-services';
import type { PublicNames } from './public-names';
import { lineText, targetsOf, withDefiningCells, type Target } from './rule-targets';
import { WorkingNotebook } from './working-notebook';
import { loadPythonParser, type ParsedSource, type PythonParser } from '../../python/python-parser';
import {
  describeRule,
  passesNeedles,
  versionGate,
  type CellContext,
  type Gate,
  type Rule,
  type RuleInfo,
  type RuleRunContext,
} from './rule';
import { applyEdits, verifyEdit, type SourceEdit } from './source-edit';

export interface ApplyOptions {
  /** rule kinds to consider (default: error-repair for 'all', every kind for an explicit id list) */
  kinds?: readonly FixType[];
  /** errors of the last run: error-triggered rules are applied to the cells they point at */
  errors?: readonly CellError[];
  case?: ResolvedCase | null;
  /** the notebook's original date; defaults to case.created */
  created?: string | null;
  /** rule ids not to apply (they failed before) */
  exclude?: Iterable<string>;
  /** the rule set to draw from (default: the whole catalog) */
  rules?: readonly Rule[];
  /** the notebook as its author saved it: rules may read the outputs the author's run printed */
  original?: Notebook | null;
  /** the runtime's answer on where the run's undefined names are public (public-names.ts) */
  publicNames?: PublicNames | null;
}

export interface RuleApplication {
  ruleId: string;
  cellIndex: number;
  /** 1-based lines of the cell (before the edit) that changed */
  lines: number[];
  trigger: 'error' | 'pattern';
}

export interface RefusedApplication {
  ruleId: string;
  cellIndex: number;
  reason: string;
}

export interface ApplyResult {
  notebook: Notebook;
  /** one edit per changed cell, with its full new source */
  edits: CellEdit[];
  applications: RuleApplication[];
  /** ids of the rules that changed something, in catalog order */
  ruleIds: string[];
  refused: RefusedApplication[];
}

/** Every rule in the catalog, for docs and the UI. */
export function listRules(): RuleInfo[] {
  return RULES.map(describeRule);
}

function isPythonNotebook(notebook: Notebook): boolean {
  const meta = notebook.metadata as { kernelspec?: { language?: string }; language_info?: { name?: string } };
  const language = meta.kernelspec?.language ?? meta.language_info?.name;
  return !language || language.toLowerCase().startsWith('python');
}

function selectRules(ruleIds: readonly string[] | 'all', options: ApplyOptions): Rule[] {
  const pool = options.rules ?? RULES;
  // ids stored before a rule was renamed (a resumed job's history, a caller's list) resolve through the aliases
  const exclude = new Set([...(options.exclude ?? [])].map(resolveRuleId));
  if (ruleIds === 'all') {
    const kinds = new Set(options.kinds ?? ['error-repair']);
    return pool.filter((rule) => kinds.has(rule.kind) && !exclude.has(rule.id));
  }
  const unknown = ruleIds.filter((id) => !pool.some((rule) => rule.id === resolveRuleId(id)));
  if (unknown.length > 0) throw new Error(`unknown rule id(s): ${unknown.join(', ')}`);
  const wanted = new Set(ruleIds.map(resolveRuleId));
  const kinds = options.kinds ? new Set(options.kinds) : null;
  return pool.filter((rule) => wanted.has(rule.id) && (!kinds || kinds.has(rule.kind)) && !exclude.has(rule.id));
}

/** A rule's edits on a cell, waiting to be applied with the other rules' edits of the same cell. */
interface Pending {
  rule: Rule;
  target: Target;
  state: unknown;
  /** offsets into the cell's source as it was when the batch started */
  edits: SourceEdit[];
}

/** Do any of these edits overlap or touch (share an end point with) an edit waiting in the batch? */
function touchesAny(edits: readonly SourceEdit[], waiting: readonly Pending[]): boolean {
  for (const entry of waiting)
    for (const a of entry.edits) for (const b of edits) if (a.start <= b.end && b.start <= a.end) return true;
  return false;
}

/**
 * verifyEdit for `environment` rules, whose edit is to comment out magics: the cell may lose magics, but it must
 * not parse worse, and every magic left must be one it had (none changed or added).
 */
function verifyDisabling(parser: PythonParser, before: ParsedSource, after: string): ReturnType<typeof verifyEdit> {
  const parsed = parser.parse(after);
  const introduced = parsed.errorCount() - before.errorCount();
  const magics = (p: ParsedSource): string[] => p.regions.map((r) => p.source.slice(r.start, r.end));
  const left = magics(parsed);
  const had = magics(before);
  let i = 0;
  for (const magic of had) if (i < left.length && left[i] === magic) i++;
  if (introduced <= 0 && i === left.length) return { ok: true, parsed };
  parsed.delete();
  return {
    ok: false,
    reason:
      introduced > 0
        ? `the edit would introduce ${introduced} syntax error(s)`
        : 'the edit would change IPython magics or shell lines',
  };
}

function changedLines(parsed: ParsedSource, edits: readonly { start: number; end: number }[]): number[] {
  const lines = new Set<number>();
  for (const edit of edits) lines.add(parsed.lineOf(edit.start));
  return [...lines].sort((a, b) => a - b);
}

/**
 * Applies rules to a notebook. `ruleIds` 'all' draws from the catalog by kind (options.kinds, default
 * error-repair); an explicit list applies exactly those rules. Pattern rules run on every code cell when the
 * environment is at or past their version; error-triggered rules run on the cells of matching options.errors.
 */
export async function applyRules(
  notebook: Notebook,
  ruleIds: readonly string[] | 'all',
  env: EnvironmentDescription,
  options: ApplyOptions = {},
): Promise<ApplyResult> {
  const rules = selectRules(ruleIds, options);
  const empty: ApplyResult = { notebook, edits: [], applications: [], ruleIds: [], refused: [] };
  if (rules.length === 0 || !isPythonNotebook(notebook)) return empty;
  const parser = await loadPythonParser();
  const view = new WorkingNotebook(notebook, parser);
  try {
    const run = new RulesRun(view, parser, rules, env, options);
    run.untilSettled();
    if (view.changed.size === 0) return { ...empty, refused: run.refused };
    return run.result(notebook);
  } finally {
    view.dispose();
  }
}

/**
 * One application of a rule set to a working notebook. Edits are batched per cell: every rule reads the cell's tree as
 * it was when the batch started (one parse, one set of node lists shared by all rules), its edits wait in the batch,
 * and the batch is applied and verified with one incremental re-parse. A rule whose edits touch a waiting edit flushes
 * the batch first and reads the new tree; a batch that would parse worse is replayed rule by rule, so the faulty rule
 * alone is refused.
 */
class RulesRun {
  readonly applications: RuleApplication[] = [];
  readonly refused: RefusedApplication[] = [];
  private readonly created: string | null;
  private readonly errors: CellError[];
  private readonly runContext: RuleRunContext;
  private readonly gates: Map<Rule, Gate>;
  /** what prepare() returned in the last pass, per rule */
  private readonly lastState = new Map<Rule, unknown>();
  /** static needle results per rule and source: a later pass asks again about the sources the first one saw */
  private readonly needleResults = new Map<Rule, Map<string, boolean>>();
  /** per cell, the edits waiting in its batch */
  private readonly pending = new Map<number, Pending[]>();
  /** an edit was dropped (it overlapped another) in the current pass */
  private dropped = false;
  /** cells changed in the current pass → their source before it */
  private readonly touched = new Map<number, string>();

  constructor(
    private readonly view: WorkingNotebook,
    private readonly parser: PythonParser,
    private readonly rules: readonly Rule[],
    private readonly env: EnvironmentDescription,
    options: ApplyOptions,
  ) {
    this.created = options.created !== undefined ? options.created : (options.case?.created ?? null);
    this.errors = withDefiningCells(options.errors ?? [], view);
    this.runContext = {
      env,
      case: options.case ?? null,
      created: this.created,
      get imports() {
        return view.imports;
      },
      notebook: view,
      original: options.original ?? null,
      bindings: (filter) => notebookBindings(view, filter),
      publicNames: options.publicNames ?? null,
    };
    this.gates = new Map(rules.map((rule) => [rule, versionGate(rule, env)]));
  }

  /**
   * Pass 1 visits every cell. A rule read its cell as it was before the batch, so it did not see what an earlier
   * rule's edit created there (factorplot → catplot, then catplot's positional arguments): the next pass gives the
   * cells that changed to the rules whose needles the change made them pass (and every cell to every rule again
   * after an edit was dropped for overlapping), until nothing changes.
   */
  untilSettled(): void {
    let revisit: Map<number, string> | null = null;
    for (let pass = 0; pass < 4; pass++) {
      this.dropped = false;
      this.touched.clear();
      for (const rule of this.rules) this.applyRule(rule, revisit);
      for (const cellIndex of [...this.pending.keys()].sort((a, b) => a - b)) this.flush(cellIndex);
      if (this.touched.size === 0 && !this.dropped) break;
      revisit = this.dropped ? null : new Map(this.touched);
    }
  }

  /** The notebook with its changed cells, one edit per cell, and the rules that changed something. */
  result(notebook: Notebook): ApplyResult {
    const view = this.view;
    const edits: CellEdit[] = [...view.changed]
      .sort((a, b) => a - b)
      .map((cellIndex) => ({ cellIndex, source: view.source(cellIndex) }));
    const cells = notebook.cells.map((cell, index) => {
      if (!view.changed.has(index)) return cell;
      const source = view.source(index);
      return { ...cell, source: Array.isArray(cell.source) ? splitLines(source) : source };
    });
    const ruleIds = this.rules
      .filter((rule) => this.applications.some((a) => a.ruleId === rule.id))
      .map((rule) => rule.id);
    return { notebook: { ...notebook, cells }, edits, applications: this.applications, ruleIds, refused: this.refused };
  }

  /** One rule over its targets in this pass (`revisit`: the cells a later pass looks at again, with their source). */
  private applyRule(rule: Rule, revisit: Map<number, string> | null): void {
    // an environment rule's edit in one cell (an extension's %load_ext disabled) decides what it does in the
    // others (that extension's magics): a later pass gives it every cell again, not only the changed ones
    const seen = rule.kind === 'environment' ? null : revisit;
    const gate = this.gates.get(rule) as Gate;
    const targets = targetsOf(rule, this.view, gate, this.created, this.errors, seen, this.staticNeedles(rule));
    if (targets.size === 0) return;
    // targets passed the string prefilter; prepare() only runs when some cell may need the rule
    const newlyPassing = (index: number, state: unknown): boolean =>
      passesNeedles(rule, this.view.source(index), state) &&
      !(seen && passesNeedles(rule, seen.get(index) as string, state));
    // a revisit asks the previous pass's state first: no cell newly passing, no new prepare()
    if (
      seen &&
      typeof rule.needles === 'function' &&
      this.lastState.has(rule) &&
      ![...targets.keys()].some((index) => newlyPassing(index, this.lastState.get(rule)))
    )
      return;
    const state = rule.prepare?.(this.view, this.runContext);
    this.lastState.set(rule, state);
    const candidates =
      typeof rule.needles === 'function' ? [...targets].filter(([index]) => newlyPassing(index, state)) : targets;
    for (const [cellIndex, target] of candidates) this.batch(rule, cellIndex, target, state);
  }

  /** Puts the rule's edits of a cell in the cell's batch, flushing the batch first when they touch a waiting edit. */
  private batch(rule: Rule, cellIndex: number, target: Target, state: unknown): void {
    let edits = this.editsOf(rule, cellIndex, target, state);
    if (!edits) return;
    const waiting = this.pending.get(cellIndex);
    if (waiting && touchesAny(edits, waiting)) {
      this.flush(cellIndex);
      edits = this.editsOf(rule, cellIndex, target, state);
      if (!edits) return;
    }
    const entry: Pending = { rule, target, state, edits };
    const list = this.pending.get(cellIndex);
    if (list) list.push(entry);
    else this.pending.set(cellIndex, [entry]);
  }

  private staticNeedles(rule: Rule): (source: string) => boolean {
    return (source) => {
      let results = this.needleResults.get(rule);
      if (!results) this.needleResults.set(rule, (results = new Map()));
      let result = results.get(source);
      if (result === undefined) results.set(source, (result = passesNeedles(rule, source, undefined)));
      return result;
    };
  }

  private cellContext(parsed: ParsedSource, cellIndex: number, target: Target, state: unknown): CellContext {
    const view = this.view;
    const lines = target.lines;
    const inScope = (node: Node): boolean => !lines || lines.has(lineText(parsed.source, node.startIndex));
    const base = {
      env: this.env,
      case: this.runContext.case,
      created: this.created,
      notebook: view,
      original: this.runContext.original ?? null,
      get imports() {
        return view.imports;
      },
      bindings: this.runContext.bindings,
      publicNames: this.runContext.publicNames ?? null,
      cellIndex,
      state,
      errors: target.errors,
      inScope,
    };
    return Object.assign(base, cellServices(parsed, base));
  }

  /** The rule's edits on the cell's current tree, less no-ops, overlaps and masked syntax; null if nothing changes. */
  private editsOf(rule: Rule, cellIndex: number, target: Target, state: unknown): SourceEdit[] | null {
    const parsed = this.view.parse(cellIndex);
    const edits = rule.apply(parsed, this.cellContext(parsed, cellIndex, target, state));
    if (edits.length === 0) return null;
    const result = applyEdits(parsed, edits);
    if (result.dropped.length > 0) this.dropped = true;
    return result.applied.length > 0 ? result.applied : null;
  }

  /** Applies edits now, re-parsing and verifying the cell; false when the result was refused. */
  private commit(cellIndex: number, entries: readonly Pending[]): boolean {
    const parsed = this.view.parse(cellIndex);
    const all = entries.flatMap((entry) => entry.edits);
    const result = applyEdits(parsed, all);
    if (result.dropped.length > 0) this.dropped = true;
    if (result.source === parsed.source) return true;
    let verdict = verifyEdit(this.parser, parsed, result.source, result.applied);
    if (!verdict.ok && entries.every((entry) => entry.rule.kind === 'environment'))
      verdict = verifyDisabling(this.parser, parsed, result.source);
    if (!verdict.ok) {
      if (entries.length === 1)
        this.refused.push({ ruleId: (entries[0] as Pending).rule.id, cellIndex, reason: verdict.reason });
      return false;
    }
    const applied = new Set(result.applied);
    for (const entry of entries) {
      const mine = entry.edits.filter((edit) => applied.has(edit));
      if (mine.length > 0)
        this.applications.push({
          ruleId: entry.rule.id,
          cellIndex,
          lines: changedLines(parsed, mine),
          trigger: entry.target.trigger,
        });
    }
    this.view.update(cellIndex, result.source, verdict.parsed);
    if (!this.touched.has(cellIndex)) this.touched.set(cellIndex, parsed.source);
    return true;
  }

  private flush(cellIndex: number): void {
    const entries = this.pending.get(cellIndex);
    if (!entries) return;
    this.pending.delete(cellIndex);
    if (this.commit(cellIndex, entries) || entries.length === 1) return;
    // the batch parses worse: replay it rule by rule on the current tree, refusing only the faulty rule
    for (const entry of entries) {
      const edits = this.editsOf(entry.rule, cellIndex, entry.target, entry.state);
      if (edits) this.commit(cellIndex, [{ ...entry, edits }]);
    }
  }
}

/** The readable plan of a rules fix: each rule applied, where, and why. */
export function describeApplications(result: ApplyResult, rules: readonly Rule[] = RULES): string {
  const parts: string[] = [];
  for (const id of result.ruleIds) {
    const rule = rules.find((r) => r.id === id);
    if (!rule) continue;
    const where = result.applications
      .filter((a) => a.ruleId === id)
      .map((a) => `cell ${a.cellIndex} (line${a.lines.length > 1 ? 's' : ''} ${a.lines.join(', ')})`)
      .join('; ');
    parts.push(`- ${rule.title} [${rule.id}, ${rule.library} ${rule.since.version}]: ${where}. ${rule.explanation}`);
  }
  return parts.join('\n');
}
