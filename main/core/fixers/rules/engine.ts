// The rules engine: applies catalog rules to a notebook's code cells on their syntax trees and proposes the
// result as one Fix. Rules are gated on the environment's package versions; error-repair rules answer the
// errors of the last run (in the failing cells) and fix patterns that are certainly broken anywhere in the
// notebook, so one iteration repairs many cells. Every edited cell is re-parsed and the edit is refused if it
// parses worse than before.
import type { ResolvedCase } from '../../../../shared/models/case';
import type { CellError, EnvironmentDescription } from '../../../../shared/models/execution';
import type { CellEdit, Fix, Problem } from '../../../../shared/models/loop';
import type { Notebook } from '../../../../shared/models/notebook';
import type { Node } from 'web-tree-sitter';
import type { Fixer, FixContext } from '../fixer';
import { RULES } from './catalog/index';
import { ImportTable } from './imports';
import { loadPythonParser, type ParsedSource, type PythonParser } from './python-parser';
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
  type RuleKind,
  type RuleRunContext,
} from './rule';
import { applyEdits, verifyEdit } from './source-edit';

export interface ApplyOptions {
  /** rule kinds to consider (default: error-repair for 'all', every kind for an explicit id list) */
  kinds?: readonly RuleKind[];
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

const PROBLEM_KINDS: Record<Problem, RuleKind> = {
  error: 'error-repair',
  'score-deviation': 'score-calibration',
  timeout: 'runtime-reduction',
};

/** Every rule in the catalog, for docs and the UI. */
export function listRules(): RuleInfo[] {
  return RULES.map(describeRule);
}

function cellSource(source: string | string[]): string {
  return Array.isArray(source) ? source.join('') : source;
}

function isPythonNotebook(notebook: Notebook): boolean {
  const meta = notebook.metadata as { kernelspec?: { language?: string }; language_info?: { name?: string } };
  const language = meta.kernelspec?.language ?? meta.language_info?.name;
  return !language || language.toLowerCase().startsWith('python');
}

/** Strips ANSI colour codes that kernels put into tracebacks. */
function stripAnsi(text: string): string {
  return text.replace(/\u001b\[[0-9;]*m/g, '');
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
  readonly changed = new Set<number>();

  constructor(
    readonly notebook: Notebook,
    private readonly parser: PythonParser,
  ) {
    this.codeCells = [];
    notebook.cells.forEach((cell, index) => {
      if (cell.cell_type !== 'code') return;
      this.codeCells.push(index);
      this.sources.set(index, cellSource(cell.source));
    });
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
    if (this.importTable && importStatements(before).join('\n') !== importStatements(source).join('\n')) this.importTable = null;
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
    let table = new ImportTable();
    if (statements) {
      const parsed = this.parser.parse(statements);
      table = ImportTable.fromCells([parsed]);
      parsed.delete();
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
  const exclude = new Set(options.exclude ?? []);
  if (ruleIds === 'all') {
    const kinds = new Set(options.kinds ?? ['error-repair']);
    return pool.filter((rule) => kinds.has(rule.kind) && !exclude.has(rule.id));
  }
  const unknown = ruleIds.filter((id) => !pool.some((rule) => rule.id === id));
  if (unknown.length > 0) throw new Error(`unknown rule id(s): ${unknown.join(', ')}`);
  const wanted = new Set(ruleIds);
  const kinds = options.kinds ? new Set(options.kinds) : null;
  return pool.filter((rule) => wanted.has(rule.id) && (!kinds || kinds.has(rule.kind)) && !exclude.has(rule.id));
}

const WHOLE_CELL: Target = Object.freeze({ trigger: 'pattern', errors: [], lines: null }) as Target;

/** Where a rule applies in this run: failing cells whose error matches it, and, for pattern rules, every cell. */
function targetsOf(rule: Rule, view: WorkingNotebook, gate: Gate, created: string | null, errors: readonly CellError[]): Map<number, Target> {
  const targets = new Map<number, Target>();
  if (gate === 'no') return targets;
  if (rule.kind === 'score-calibration' && !predatesChange(rule, created)) return targets;
  const pattern = rule.trigger.pattern && gate === 'yes';
  if (pattern) for (const index of view.codeCells) targets.set(index, WHOLE_CELL);
  for (const error of errors) {
    if (!matchesSignature(rule, error) || !view.codeCells.includes(error.cellIndex)) continue;
    const existing = targets.get(error.cellIndex);
    if (existing?.trigger === 'pattern') {
      const withErrors: Target = { trigger: 'pattern', errors: [...existing.errors, error], lines: null };
      targets.set(error.cellIndex, withErrors);
      continue;
    }
    const target = existing ?? { trigger: 'error' as const, errors: [], lines: rule.errorScope === 'line' ? new Set<string>() : null };
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
  const errors = options.errors ?? [];
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
  try {
    for (let pass = 0; pass < 3; pass++) {
      let dropped = false;
      for (const rule of rules) {
        const targets = targetsOf(rule, view, gates.get(rule) as Gate, created, errors);
        if (targets.size === 0) continue;
        // cheap string prefilter first; prepare() only runs when some cell may need the rule
        const mayApply = [...targets].filter(([index]) => typeof rule.needles === 'function' || passesNeedles(rule, view.source(index), undefined));
        if (mayApply.length === 0) continue;
        const state = rule.prepare?.(view, runContext);
        const candidates = typeof rule.needles === 'function' ? mayApply.filter(([index]) => passesNeedles(rule, view.source(index), state)) : mayApply;
        for (const [cellIndex, target] of candidates) {
          const parsed = view.parse(cellIndex);
          const lines = target.lines;
          const ctx: CellContext = {
            ...runContext,
            get imports() {
              return view.imports;
            },
            cellIndex,
            state,
            errors: target.errors,
            inScope: (node: Node) => !lines || lines.has(lineText(parsed.source, node.startIndex)),
          };
          const edits = rule.apply(parsed, ctx);
          if (edits.length === 0) continue;
          const result = applyEdits(parsed, edits);
          if (result.dropped.length > 0) dropped = true;
          if (result.source === parsed.source) continue;
          const verdict = verifyEdit(parser, parsed, result.source, result.applied);
          if (!verdict.ok) {
            refused.push({ ruleId: rule.id, cellIndex, reason: verdict.reason });
            continue;
          }
          applications.push({ ruleId: rule.id, cellIndex, lines: changedLines(parsed, result.applied), trigger: target.trigger });
          view.update(cellIndex, result.source, verdict.parsed);
        }
      }
      if (!dropped) break;
    }
    if (view.changed.size === 0) return { ...empty, refused };
    const edits: CellEdit[] = [...view.changed].sort((a, b) => a - b).map((cellIndex) => ({ cellIndex, source: view.source(cellIndex) }));
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

/** nbformat's list-of-lines form: each line keeps its newline. */
function splitLines(source: string): string[] {
  const lines = source.split(/(?<=\n)/);
  return lines.length === 1 && lines[0] === '' ? [] : lines;
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
    const kind = PROBLEM_KINDS[ctx.problem];
    const errors = ctx.problem === 'error' ? ctx.report.errors : [];
    const result = await applyRules(ctx.notebook, 'all', ctx.environment, {
      kinds: [kind],
      errors,
      case: ctx.case,
      exclude: ctx.exclude,
      rules: this.rules,
    });
    if (result.edits.length === 0) return null;
    const applied = this.rules.filter((rule) => result.ruleIds.includes(rule.id));
    const first = errors.find((error) => applied.some((rule) => matchesSignature(rule, error))) ?? errors[0];
    const header =
      kind === 'error-repair'
        ? 'Deterministic migrations for APIs that changed since the notebook was written:'
        : kind === 'score-calibration'
          ? `Pin defaults that changed after the notebook's date (${ctx.case.created ?? 'unknown'}) and that it did not set:`
          : 'Safe runtime reductions (results unchanged):';
    return {
      type: kind,
      source: 'rules',
      ruleIds: result.ruleIds,
      model: null,
      plan: `${header}\n${describeApplications(result, this.rules)}`,
      edits: result.edits,
      usage: null,
      flags: [...new Set(applied.flatMap((rule) => rule.flags ?? []))],
      signature: first ? `${first.ename}: ${first.evalue.split('\n')[0]?.slice(0, 200) ?? ''}` : `rules:${result.ruleIds.join(',')}`,
    };
  }
}
