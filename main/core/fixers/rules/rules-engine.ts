// The rules engine: applies catalog rules to a notebook's code cells on their syntax trees and proposes the
// result as one Fix. Rules are gated on the environment's package versions; error-repair rules answer the
// errors of the last run (in the failing cells) and fix patterns that are certainly broken anywhere in the
// notebook, so one iteration repairs many cells. Every edited cell is re-parsed and the edit is refused if it
// parses worse than before. Every failing cell is answered, not only the first: a rule gap on the first error
// leaves the rules of later cells to apply. diagnoseErrors says, per error left, why no rule applied.
import { cellSource, splitLines } from '../../../../shared/lib/ipynb';
import { stripAnsi } from '../../../../shared/lib/text';
import type { ResolvedCase } from '../../../../shared/models/case';
import type { CellError, EnvironmentDescription } from '../../../../shared/models/execution';
import type { CellEdit, Fix, FixType, Problem, UnresolvedError } from '../../../../shared/models/loop';
import type { Notebook } from '../../../../shared/models/notebook';
import type { Node } from 'web-tree-sitter';
import type { Fixer, FixContext } from '../fixer';
import { resolveRuleId } from './catalog/aliases';
import { RULES } from './catalog/index';
import { cellServices } from './cell-services';
import { ImportTable } from './imports';
import { loadPythonParser, type ParsedSource, type PythonParser } from '../../python/python-parser';
import {
  describeRule,
  matchesSignature,
  passesNeedles,
  predatesChange,
  versionGate,
  type CellContext,
  type Gate,
  type NotebookView,
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

/** The rule kinds that answer each problem: an error is answered by repairs and by disabling decorative lines. */
const PROBLEM_KINDS: Record<Problem, readonly FixType[]> = {
  error: ['error-repair', 'environment'],
  'score-deviation': ['score-calibration'],
  timeout: ['runtime-reduction'],
};

/** Every rule in the catalog, for docs and the UI. */
export function listRules(): RuleInfo[] {
  return RULES.map(describeRule);
}

function isPythonNotebook(notebook: Notebook): boolean {
  const meta = notebook.metadata as { kernelspec?: { language?: string }; language_info?: { name?: string } };
  const language = meta.kernelspec?.language ?? meta.language_info?.name;
  return !language || language.toLowerCase().startsWith('python');
}

/** The cell lines an error points at: its `line` text, and the `---->` line of the cell's frame. */
function errorLineTexts(error: CellError, source: string): string[] {
  const lines = source.split('\n');
  const texts: string[] = [];
  if (error.line?.trim()) texts.push(error.line.trim());
  for (const frame of error.traceback.map(stripAnsi)) {
    if (!/Cell In\[|<ipython-input-|input-\d+-/.test(frame)) continue;
    const arrow = /-+>\s*(\d+)/.exec(frame);
    const line = arrow ? lines[Number(arrow[1]) - 1] : undefined;
    if (line?.trim()) texts.push(line.trim());
    break;
  }
  // SyntaxError: the kernel names the line in evalue "(…, line N)"
  const syntaxLine = /line (\d+)\)?\s*$/.exec(error.evalue);
  if (error.ename === 'SyntaxError' && syntaxLine) {
    const line = lines[Number(syntaxLine[1]) - 1];
    if (line?.trim()) texts.push(line.trim());
  }
  return texts;
}

/**
 * An error raised inside a function the notebook defined in another cell (`process()` fails in cleanTicket's
 * `if len(ticket) > 0:`) is the defining cell's to fix: the traceback's innermost notebook frame names that line.
 * When it is not in the failing cell and exactly one other code cell has it, the error is also given to that cell,
 * scoped to that line; the failing cell keeps its own copy.
 */
function withDefiningCells(errors: readonly CellError[], view: WorkingNotebook): CellError[] {
  const out = [...errors];
  for (const error of errors) {
    const frames = error.traceback.map(stripAnsi).filter((frame) => /Cell In\[|<ipython-input-|input-\d+-/.test(frame));
    const innermost = frames.at(-1);
    if (!innermost || frames.length < 2 || !view.isCodeCell(error.cellIndex)) continue;
    const arrow = /^-+>\s*\d+\s?(.*)$/m.exec(innermost);
    const text = arrow?.[1]?.trim();
    if (!text || text.length < 4) continue;
    const hasLine = (index: number): boolean =>
      view
        .source(index)
        .split('\n')
        .some((line) => line.trim() === text);
    if (hasLine(error.cellIndex)) continue;
    const owners = view.codeCells.filter((index) => index !== error.cellIndex && hasLine(index));
    if (owners.length !== 1) continue;
    out.push({ ...error, cellIndex: owners[0] as number, cellId: null, line: text, traceback: [] });
  }
  return out;
}

/** The import statements of a cell, dedented, with their parenthesized or backslash continuation lines. */
export function importStatements(source: string): string[] {
  if (!/\bimport\b/.test(source)) return [];
  const lines = source.split('\n');
  const statements: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).trim();
    if (!/^(import\s|from\s+[\w.]+\s+import\b)/.test(line)) continue;
    // `import a; b = 1` keeps only its first statement
    let statement = line.split(';')[0] as string;
    let depth = (statement.match(/\(/g)?.length ?? 0) - (statement.match(/\)/g)?.length ?? 0);
    while ((depth > 0 || statement.endsWith('\\')) && i + 1 < lines.length) {
      const next = (lines[++i] as string).trim();
      statement = `${statement.endsWith('\\') ? statement.slice(0, -1) : statement} ${next}`;
      depth += (next.match(/\(/g)?.length ?? 0) - (next.match(/\)/g)?.length ?? 0);
    }
    statements.push(statement.replace(/#.*$/, ''));
  }
  return statements;
}

class WorkingNotebook implements NotebookView {
  readonly codeCells: number[];
  private readonly sources = new Map<number, string>();
  private readonly parsed = new Map<number, ParsedSource>();
  private readonly retired: ParsedSource[] = [];
  private importTable: ImportTable | null = null;
  private readonly importsByCell = new Map<number, { source: string; statements: string; table: ImportTable }>();
  /** cells with the same import statements (the same setup cell repeated) share one parse */
  private readonly tablesByStatements = new Map<string, ImportTable>();
  readonly changed = new Set<number>();

  constructor(
    readonly notebook: Notebook,
    private readonly parser: PythonParser,
  ) {
    this.codeCells = [];
    notebook.cells.forEach((cell, index) => {
      if (cell.cell_type !== 'code') return;
      this.codeCells.push(index);
      this.sources.set(index, cellSource(cell));
    });
  }

  isCodeCell(cellIndex: number): boolean {
    return this.sources.has(cellIndex);
  }

  source(cellIndex: number): string {
    const source = this.sources.get(cellIndex);
    if (source === undefined) throw new RangeError(`cell ${cellIndex} is not a code cell`);
    return source;
  }

  parse(cellIndex: number): ParsedSource {
    let parsed = this.parsed.get(cellIndex);
    if (!parsed) {
      parsed = this.parser.parse(this.source(cellIndex));
      this.parsed.set(cellIndex, parsed);
    }
    return parsed;
  }

  update(cellIndex: number, source: string, parsed: ParsedSource): void {
    const old = this.parsed.get(cellIndex);
    if (old) this.retired.push(old);
    const before = this.sources.get(cellIndex) ?? '';
    this.sources.set(cellIndex, source);
    this.parsed.set(cellIndex, parsed);
    this.changed.add(cellIndex);
    // most edits leave the imports alone: keep the table unless this cell's import statements changed
    if (this.importTable && importStatements(before).join('\n') !== importStatements(source).join('\n'))
      this.importTable = null;
  }

  /**
   * The notebook's imports, from one small parse of just its import statements (parsing every cell that
   * imports something would cost more than all the rules together).
   */
  get imports(): ImportTable {
    this.importTable ??= ImportTable.merge(this.codeCells.map((i) => this.cellImports(i)));
    return this.importTable;
  }

  /** One cell's imports, parsed from its import statements alone and cached until they change. */
  private cellImports(cellIndex: number): ImportTable {
    const source = this.source(cellIndex);
    const cached = this.importsByCell.get(cellIndex);
    if (cached?.source === source) return cached.table;
    const statements = importStatements(source).join('\n');
    if (cached && cached.statements === statements) {
      cached.source = source;
      return cached.table;
    }
    let table = this.tablesByStatements.get(statements);
    if (!table) {
      table = new ImportTable();
      if (statements) {
        const parsed = this.parser.parse(statements);
        table = ImportTable.fromCells([parsed]);
        parsed.delete();
      }
      this.tablesByStatements.set(statements, table);
    }
    this.importsByCell.set(cellIndex, { source, statements, table });
    return table;
  }

  dispose(): void {
    for (const parsed of [...this.parsed.values(), ...this.retired]) parsed.delete();
    this.parsed.clear();
    this.retired.length = 0;
  }
}

interface Target {
  trigger: 'error' | 'pattern';
  errors: CellError[];
  /** trimmed line texts the rule may edit; null = the whole cell */
  lines: Set<string> | null;
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

const WHOLE_CELL: Target = Object.freeze({ trigger: 'pattern', errors: [], lines: null }) as Target;

/**
 * Where a rule applies in this run: failing cells whose error matches it, and, for pattern rules, every cell.
 * A rule with string or RegExp needles only gets cells whose source passes them (checked here, before any
 * cell is parsed); function needles need prepare()'s state and are checked by the caller. `revisit` (a later
 * pass): the cells changed in the previous pass, with their source before it; null: every cell.
 */
function targetsOf(
  rule: Rule,
  view: WorkingNotebook,
  gate: Gate,
  created: string | null,
  errors: readonly CellError[],
  revisit: ReadonlyMap<number, string> | null,
  needles: (source: string) => boolean,
): Map<number, Target> {
  const targets = new Map<number, Target>();
  if (gate === 'no') return targets;
  if (rule.kind === 'score-calibration' && !predatesChange(rule, created)) return targets;
  const staticNeedles = typeof rule.needles !== 'function';
  const passes = (index: number): boolean => {
    if (!revisit) return !staticNeedles || needles(view.source(index));
    // a revisit: only cells whose change made them pass the rule's needles (a rule without needles has seen them)
    const before = revisit.get(index);
    if (before === undefined || !rule.needles) return false;
    return !staticNeedles || (needles(view.source(index)) && !needles(before));
  };
  const pattern = rule.trigger.pattern && gate === 'yes';
  if (pattern) for (const index of view.codeCells) if (passes(index)) targets.set(index, WHOLE_CELL);
  for (const error of errors) {
    if (!matchesSignature(rule, error) || !view.isCodeCell(error.cellIndex) || !passes(error.cellIndex)) continue;
    const existing = targets.get(error.cellIndex);
    if (existing?.trigger === 'pattern') {
      const withErrors: Target = { trigger: 'pattern', errors: [...existing.errors, error], lines: null };
      targets.set(error.cellIndex, withErrors);
      continue;
    }
    const target = existing ?? {
      trigger: 'error' as const,
      errors: [],
      lines: rule.errorScope === 'line' ? new Set<string>() : null,
    };
    target.errors.push(error);
    if (target.lines) {
      const texts = errorLineTexts(error, view.source(error.cellIndex));
      if (texts.length === 0) target.lines = null;
      else for (const text of texts) target.lines.add(text);
    }
    targets.set(error.cellIndex, target);
  }
  return targets;
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

function lineText(source: string, offset: number): string {
  const start = source.lastIndexOf('\n', offset - 1) + 1;
  const end = source.indexOf('\n', offset);
  return source.slice(start, end === -1 ? source.length : end).trim();
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
  const created = options.created !== undefined ? options.created : (options.case?.created ?? null);
  const errors = withDefiningCells(options.errors ?? [], view);
  const applications: RuleApplication[] = [];
  const refused: RefusedApplication[] = [];
  const runContext: RuleRunContext = {
    env,
    case: options.case ?? null,
    created,
    get imports() {
      return view.imports;
    },
    notebook: view,
  };
  const gates = new Map(rules.map((rule) => [rule, versionGate(rule, env)]));
  /** what prepare() returned in the last pass, per rule */
  const lastState = new Map<Rule, unknown>();
  // static needle results per rule and source: a later pass asks again about the sources the first one saw
  const needleResults = new Map<Rule, Map<string, boolean>>();
  const staticNeedles =
    (rule: Rule) =>
    (source: string): boolean => {
      let results = needleResults.get(rule);
      if (!results) needleResults.set(rule, (results = new Map()));
      let result = results.get(source);
      if (result === undefined) results.set(source, (result = passesNeedles(rule, source, undefined)));
      return result;
    };
  // Edits are batched per cell: every rule reads the cell's tree as it was when the batch started (one parse,
  // one set of node lists shared by all rules), its edits wait in the batch, and the batch is applied and
  // verified with one incremental re-parse. A rule whose edits touch a waiting edit flushes the batch first
  // and reads the new tree; a batch that would parse worse is replayed rule by rule, so the faulty rule alone
  // is refused.
  const pending = new Map<number, Pending[]>();
  let dropped = false;
  /** cells changed in the current pass → their source before it */
  const touched = new Map<number, string>();
  const cellContext = (parsed: ParsedSource, cellIndex: number, target: Target, state: unknown): CellContext => {
    const lines = target.lines;
    const inScope = (node: Node): boolean => !lines || lines.has(lineText(parsed.source, node.startIndex));
    const base = {
      env,
      case: runContext.case,
      created,
      notebook: view,
      get imports() {
        return view.imports;
      },
      cellIndex,
      state,
      errors: target.errors,
      inScope,
    };
    return Object.assign(base, cellServices(parsed, base));
  };
  /** The rule's edits on the cell's current tree, less no-ops, overlaps and masked syntax; null when nothing changes. */
  const editsOf = (rule: Rule, cellIndex: number, target: Target, state: unknown): SourceEdit[] | null => {
    const parsed = view.parse(cellIndex);
    const edits = rule.apply(parsed, cellContext(parsed, cellIndex, target, state));
    if (edits.length === 0) return null;
    const result = applyEdits(parsed, edits);
    if (result.dropped.length > 0) dropped = true;
    return result.applied.length > 0 ? result.applied : null;
  };
  /** Applies edits now, re-parsing and verifying the cell; false when the result was refused. */
  const commit = (cellIndex: number, entries: readonly Pending[]): boolean => {
    const parsed = view.parse(cellIndex);
    const all = entries.flatMap((entry) => entry.edits);
    const result = applyEdits(parsed, all);
    if (result.dropped.length > 0) dropped = true;
    if (result.source === parsed.source) return true;
    let verdict = verifyEdit(parser, parsed, result.source, result.applied);
    if (!verdict.ok && entries.every((entry) => entry.rule.kind === 'environment'))
      verdict = verifyDisabling(parser, parsed, result.source);
    if (!verdict.ok) {
      if (entries.length === 1)
        refused.push({ ruleId: (entries[0] as Pending).rule.id, cellIndex, reason: verdict.reason });
      return false;
    }
    const applied = new Set(result.applied);
    for (const entry of entries) {
      const mine = entry.edits.filter((edit) => applied.has(edit));
      if (mine.length > 0)
        applications.push({
          ruleId: entry.rule.id,
          cellIndex,
          lines: changedLines(parsed, mine),
          trigger: entry.target.trigger,
        });
    }
    view.update(cellIndex, result.source, verdict.parsed);
    if (!touched.has(cellIndex)) touched.set(cellIndex, parsed.source);
    return true;
  };
  const flush = (cellIndex: number): void => {
    const entries = pending.get(cellIndex);
    if (!entries) return;
    pending.delete(cellIndex);
    if (commit(cellIndex, entries) || entries.length === 1) return;
    // the batch parses worse: replay it rule by rule on the current tree, refusing only the faulty rule
    for (const entry of entries) {
      const edits = editsOf(entry.rule, cellIndex, entry.target, entry.state);
      if (edits) commit(cellIndex, [{ ...entry, edits }]);
    }
  };
  try {
    // Pass 1 visits every cell. A rule read its cell as it was before the batch, so it did not see what an
    // earlier rule's edit created there (factorplot → catplot, then catplot's positional arguments): the next
    // pass gives the cells that changed to the rules whose needles the change made them pass (and every cell to
    // every rule again after an edit was dropped for overlapping), until nothing changes.
    let revisit: Map<number, string> | null = null;
    for (let pass = 0; pass < 4; pass++) {
      dropped = false;
      touched.clear();
      for (const rule of rules) {
        // an environment rule's edit in one cell (an extension's %load_ext disabled) decides what it does in the
        // others (that extension's magics): a later pass gives it every cell again, not only the changed ones
        const seen = rule.kind === 'environment' ? null : revisit;
        const targets = targetsOf(rule, view, gates.get(rule) as Gate, created, errors, seen, staticNeedles(rule));
        if (targets.size === 0) continue;
        // targets passed the string prefilter; prepare() only runs when some cell may need the rule
        const newlyPassing = (index: number, state: unknown): boolean =>
          passesNeedles(rule, view.source(index), state) &&
          !(seen && passesNeedles(rule, seen.get(index) as string, state));
        // a revisit asks the previous pass's state first: no cell newly passing, no new prepare()
        if (
          seen &&
          typeof rule.needles === 'function' &&
          lastState.has(rule) &&
          ![...targets.keys()].some((index) => newlyPassing(index, lastState.get(rule)))
        )
          continue;
        const state = rule.prepare?.(view, runContext);
        lastState.set(rule, state);
        const candidates =
          typeof rule.needles === 'function' ? [...targets].filter(([index]) => newlyPassing(index, state)) : targets;
        for (const [cellIndex, target] of candidates) {
          let edits = editsOf(rule, cellIndex, target, state);
          if (!edits) continue;
          const waiting = pending.get(cellIndex);
          if (waiting && touchesAny(edits, waiting)) {
            flush(cellIndex);
            edits = editsOf(rule, cellIndex, target, state);
            if (!edits) continue;
          }
          const entry: Pending = { rule, target, state, edits };
          const list = pending.get(cellIndex);
          if (list) list.push(entry);
          else pending.set(cellIndex, [entry]);
        }
      }
      for (const cellIndex of [...pending.keys()].sort((a, b) => a - b)) flush(cellIndex);
      if (touched.size === 0 && !dropped) break;
      revisit = dropped ? null : new Map(touched);
    }
    if (view.changed.size === 0) return { ...empty, refused };
    const edits: CellEdit[] = [...view.changed]
      .sort((a, b) => a - b)
      .map((cellIndex) => ({ cellIndex, source: view.source(cellIndex) }));
    const cells = notebook.cells.map((cell, index) => {
      if (!view.changed.has(index)) return cell;
      const source = view.source(index);
      return { ...cell, source: Array.isArray(cell.source) ? splitLines(source) : source };
    });
    const ruleIds = rules.filter((rule) => applications.some((a) => a.ruleId === rule.id)).map((rule) => rule.id);
    return { notebook: { ...notebook, cells }, edits, applications, ruleIds, refused };
  } finally {
    view.dispose();
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

/** The deterministic fixer: free, offline, instant; asked before any LLM. */
export class RulesFixer implements Fixer {
  readonly name = 'rules' as const;

  constructor(private readonly rules: readonly Rule[] = RULES) {}

  async propose(ctx: FixContext): Promise<Fix | null> {
    if (ctx.signal?.aborted) return null;
    const kinds = PROBLEM_KINDS[ctx.problem];
    const errors = ctx.problem === 'error' ? ctx.report.errors : [];
    const result = await applyRules(ctx.notebook, 'all', ctx.environment, {
      kinds,
      errors,
      case: ctx.case,
      exclude: ctx.exclude,
      rules: this.rules,
    });
    if (result.edits.length === 0) return null;
    const applied = this.rules.filter((rule) => result.ruleIds.includes(rule.id));
    const first = errors.find((error) => applied.some((rule) => matchesSignature(rule, error))) ?? errors[0];
    // an error fix that only disabled decorative lines is an `environment` fix; any repair makes it an error repair
    const type: FixType = applied.every((rule) => rule.kind === 'environment') ? 'environment' : (kinds[0] as FixType);
    const header =
      type === 'error-repair'
        ? 'Deterministic migrations for APIs that changed since the notebook was written:'
        : type === 'environment'
          ? 'Lines that only decorate the notebook, commented out because their package is missing here:'
          : type === 'score-calibration'
            ? `Pin defaults that changed after the notebook's date (${ctx.case.created ?? 'unknown'}) and that it did not set:`
            : 'Safe runtime reductions (results unchanged):';
    return {
      type,
      source: 'rules',
      ruleIds: result.ruleIds,
      model: null,
      plan: `${header}\n${describeApplications(result, this.rules)}`,
      edits: result.edits,
      usage: null,
      flags: [...new Set(applied.flatMap((rule) => rule.flags ?? []))],
      signature: first
        ? `${first.ename}: ${first.evalue.split('\n')[0]?.slice(0, 200) ?? ''}`
        : `rules:${result.ruleIds.join(',')}`,
    };
  }

  /** Why no rule applied to each error of the run that counts (the loop stores it when a job ends with errors). */
  async diagnose(ctx: FixContext): Promise<UnresolvedError[]> {
    const errors = ctx.report.errors.filter((error) => !error.preExisting);
    return diagnoseErrors(ctx.notebook, ctx.environment, {
      errors,
      case: ctx.case,
      exclude: ctx.exclude,
      rules: this.rules,
      kinds: PROBLEM_KINDS.error,
    });
  }
}

/** `rule a`, `rules a, b` */
function rulesText(rules: readonly Rule[]): string {
  return `rule${rules.length > 1 ? 's' : ''} ${rules.map((rule) => rule.id).join(', ')}`;
}

/**
 * Why no rule fixed each error: no rule's error signature matches it (or only rules for other library versions
 * do); every matching rule was tried and did not help (options.exclude); a matching rule's edit is refused (it
 * would parse worse); a matching rule would edit the cell but was not tried (the job stopped first, or its edit
 * leads back to a version already run); or the matching rules leave the code alone (what they rewrite is not
 * there, or it is ambiguous: a name the notebook defines itself, a call they cannot read safely).
 */
export async function diagnoseErrors(
  notebook: Notebook,
  env: EnvironmentDescription,
  options: Pick<ApplyOptions, 'case' | 'created' | 'exclude' | 'rules' | 'kinds'> & { errors: readonly CellError[] },
): Promise<UnresolvedError[]> {
  const kinds = new Set(options.kinds ?? PROBLEM_KINDS.error);
  const pool = (options.rules ?? RULES).filter((rule) => kinds.has(rule.kind));
  const exclude = new Set([...(options.exclude ?? [])].map(resolveRuleId));
  const out: UnresolvedError[] = [];
  for (const error of options.errors) {
    const matching = pool.filter((rule) => matchesSignature(rule, error));
    const entry = (reason: UnresolvedError['reason'], detail: string): UnresolvedError => ({
      cellIndex: error.cellIndex,
      cellId: error.cellId,
      ename: error.ename,
      evalue: error.evalue.split('\n')[0] ?? '',
      reason,
      detail,
      ruleIds: matching.map((rule) => rule.id),
    });
    const gated = matching.filter((rule) => versionGate(rule, env) !== 'no');
    if (gated.length === 0) {
      const other = matching.map(
        (rule) => `${rule.id} (${rule.since.package} ${rule.since.version}${rule.until ? ` to ${rule.until}` : '+'})`,
      );
      out.push(
        entry(
          'no-rule',
          other.length
            ? `only rules for other versions match this error: ${other.join(', ')}`
            : 'no rule in the catalog matches this error',
        ),
      );
      continue;
    }
    const live = gated.filter((rule) => !exclude.has(rule.id));
    if (live.length === 0) {
      out.push(
        entry('did-not-help', `${rulesText(gated)} ${gated.length > 1 ? 'were' : 'was'} tried and did not help`),
      );
      continue;
    }
    const result = await applyRules(
      notebook,
      live.map((rule) => rule.id),
      env,
      {
        errors: [error],
        ...(options.case !== undefined ? { case: options.case } : {}),
        ...(options.created !== undefined ? { created: options.created } : {}),
        rules: live,
      },
    );
    const refused = result.refused.filter((r) => r.cellIndex === error.cellIndex);
    const applied = live.filter((rule) =>
      result.applications.some((a) => a.ruleId === rule.id && a.cellIndex === error.cellIndex),
    );
    if (applied.length > 0) {
      out.push(
        entry(
          'not-tried',
          `${rulesText(applied)} would edit this cell but ${applied.length > 1 ? 'were' : 'was'} not tried: the job stopped first, or the edit leads back to a version already run`,
        ),
      );
    } else if (refused.length > 0) {
      out.push(entry('refused', refused.map((r) => `${r.ruleId}'s edit was refused: ${r.reason}`).join('; ')));
    } else {
      out.push(
        entry(
          'ambiguous',
          `${rulesText(live)} ${live.length > 1 ? 'match' : 'matches'} this error but left the code alone: what ${live.length > 1 ? 'they rewrite' : 'it rewrites'} is not there, or it is ambiguous (a name the notebook defines itself, a call it cannot read safely)`,
        ),
      );
    }
  }
  return out;
}
