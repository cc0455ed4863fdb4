// The notebook as the LLM's prompt shows it: the cells the problem points at (the failing cell, the slowest ones,
// the score and model cells), in full with their text outputs, the cells that define what they use, and the rest
// elided or outlined, fitted to a token budget (prompt.ts builds the messages around it).
import type { Cell } from '../../../../shared/models/notebook';
import type { FixContext } from '../fixer';
import { toPercent } from './notebook-text';
import { cellSource } from '../../../../shared/lib/ipynb';
import { firstLine, stripAnsi } from '../../../../shared/lib/text';
import type { TokenCounter } from './tokens';
import { offendingLine as offendingLineOf, primaryError } from './cell-errors';

/** Index in the current notebook of the original notebook's cell `originalIndex` (by cell id, else by position). */
export function currentIndexOf(ctx: FixContext, originalIndex: number): number | null {
  const original = ctx.original.cells[originalIndex];
  if (!original) return null;
  if (original.id) {
    const found = ctx.notebook.cells.findIndex((cell) => cell.id === original.id);
    if (found >= 0) return found;
  }
  return originalIndex < ctx.notebook.cells.length ? originalIndex : null;
}

/** Cells whose source differs from the original's (the job already changed them). */
function changedCells(ctx: FixContext): Set<number> {
  const originals = new Map<string, string>();
  ctx.original.cells.forEach((cell, index) => originals.set(cell.id ?? `#${index}`, cellSource(cell)));
  const changed = new Set<number>();
  ctx.notebook.cells.forEach((cell, index) => {
    const before = originals.get(cell.id ?? `#${index}`);
    if (before !== undefined && before !== cellSource(cell)) changed.add(index);
  });
  return changed;
}

const MODEL_CODE =
  /\.(fit|fit_transform|predict|predict_proba|score|train)\(|cross_val_score\(|cross_val_predict\(|GridSearchCV\(|train_test_split\(|(Classifier|Regressor|Regression)\(/;

/** Cells the problem points at, most important first. */
export function focusCells(ctx: FixContext): number[] {
  const focus: number[] = [];
  const add = (index: number | null | undefined): void => {
    if (
      index !== null &&
      index !== undefined &&
      index >= 0 &&
      index < ctx.notebook.cells.length &&
      !focus.includes(index)
    ) {
      focus.push(index);
    }
  };
  if (ctx.problem === 'error') {
    add(primaryError(ctx.report.errors)?.cellIndex);
    for (const error of ctx.report.errors.filter((e) => !e.preExisting)) add(error.cellIndex);
  } else if (ctx.problem === 'timeout') {
    const cells = ctx.report.cells;
    add(cells[cells.length - 1]?.cellIndex);
    for (const cell of [...cells].sort((a, b) => b.durationMs - a.durationMs).slice(0, 3)) add(cell.cellIndex);
  } else {
    const scoreCell = ctx.case.score.kind === 'output' ? currentIndexOf(ctx, ctx.case.score.cellIndex) : null;
    add(scoreCell);
    const anchor = scoreCell ?? ctx.notebook.cells.length - 1;
    const modelCells = ctx.notebook.cells
      .map((cell, index) => ({ cell, index }))
      .filter(({ cell }) => cell.cell_type === 'code' && MODEL_CODE.test(cellSource(cell)))
      .sort((a, b) => Math.abs(a.index - anchor) - Math.abs(b.index - anchor))
      .slice(0, 6);
    for (const { index } of modelCells) add(index);
    for (const error of ctx.report.errors.filter((e) => !e.preExisting)) add(error.cellIndex);
  }
  return focus;
}

function textOutputs(cell: Cell, maxLines = 8, maxChars = 600): string | null {
  const texts: string[] = [];
  for (const output of cell.outputs ?? []) {
    if (output.output_type === 'stream' && output.text !== undefined) {
      texts.push(typeof output.text === 'string' ? output.text : output.text.join(''));
    } else if ((output.output_type === 'execute_result' || output.output_type === 'display_data') && output.data) {
      const plain = output.data['text/plain'];
      if (typeof plain === 'string') texts.push(plain);
      else if (Array.isArray(plain)) texts.push(plain.join(''));
    }
  }
  const lines = stripAnsi(texts.join('\n'))
    .split('\n')
    .filter((line) => line.trim() !== '');
  if (lines.length === 0) return null;
  let shown = lines.slice(-maxLines).join('\n');
  if (shown.length > maxChars) shown = `…${shown.slice(-maxChars)}`;
  return lines.length > maxLines ? `… (${lines.length - maxLines} lines left out)\n${shown}` : shown;
}

function cellHeader(index: number, cell: Cell): string {
  return `# %% cell ${index} [${cell.cell_type}]`;
}

function fullCell(index: number, cell: Cell, withOutput: boolean): string {
  const source = cellSource(cell);
  const body =
    cell.cell_type === 'code'
      ? source
      : source
          .split('\n')
          .map((line) => (line === '' ? '#' : `# ${line}`))
          .join('\n');
  const output = withOutput && cell.cell_type === 'code' ? textOutputs(cell) : null;
  const outputText = output
    ? `\n# [output, trimmed]\n${output
        .split('\n')
        .map((l) => `#   ${l}`)
        .join('\n')}`
    : '';
  return `${cellHeader(index, cell)}\n${body}${outputText}`;
}

function elidedCell(index: number, cell: Cell): string {
  const source = cellSource(cell);
  const lines = source.split('\n').length;
  return `${cellHeader(index, cell)} elided (${lines} line${lines === 1 ? '' : 's'}): ${firstLine(source, 80)}`;
}

export interface PromptExcerpt {
  text: string;
  shown: number[];
  elided: number[];
}

const IMPORT_LINE = /^\s*(import|from)\s+[A-Za-z_]/m;
/** elided cells this close to a cell shown in full keep a one-line outline; farther runs collapse into one line */
const OUTLINE_DISTANCE = 2;

/** Names the failing line uses that some other cell defines (assignment, def, class, import as). */
function definingCells(ctx: FixContext, line: string | null, except: number): number[] {
  if (!line) return [];
  const names = new Set(line.match(/[A-Za-z_]\w*/g) ?? []);
  const found: number[] = [];
  ctx.notebook.cells.forEach((cell, index) => {
    if (cell.cell_type !== 'code' || index === except) return;
    const source = cellSource(cell);
    for (const name of names) {
      if (
        name.length < 2 ||
        /^(np|pd|plt|sns|print|len|range|float|int|str|list|dict|self|True|False|None|import|from|in|for|if|else)$/.test(
          name,
        )
      )
        continue;
      const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (
        new RegExp(
          `^\\s*(${escaped}\\s*(,[^=\\n]*)?=[^=]|def\\s+${escaped}\\b|class\\s+${escaped}\\b)|\\bas\\s+${escaped}\\b`,
          'm',
        ).test(source)
      ) {
        found.push(index);
        break;
      }
    }
  });
  return found;
}

/**
 * The cells-format view: the focus cells, their neighbours, cells defining names the failing line uses, cells the
 * job changed and import cells in full (most important first, while the token budget lasts); cells near those as
 * one outline line; far runs of cells collapsed into one line.
 */
export function cellsView(
  ctx: FixContext,
  counter: TokenCounter,
  budgetTokens: number,
  neighbours: number,
): PromptExcerpt {
  const cells = ctx.notebook.cells;
  const focus = focusCells(ctx);
  const anchor = focus[0] ?? 0;
  const codeIndices = cells.map((cell, index) => (cell.cell_type === 'code' ? index : -1)).filter((i) => i >= 0);
  const rank = new Map<number, number>();
  const want = (index: number, priority: number): void => {
    if (index >= 0 && index < cells.length && (rank.get(index) ?? Infinity) > priority) rank.set(index, priority);
  };
  focus.forEach((index, order) => want(index, order === 0 ? 0 : 1));
  const primary = ctx.problem === 'error' ? primaryError(ctx.report.errors) : null;
  if (primary)
    for (const index of definingCells(ctx, primary.line ?? offendingLineOf(primary), primary.cellIndex)) want(index, 2);
  for (const index of changedCells(ctx)) want(index, 2);
  cells.forEach((cell, index) => {
    if (cell.cell_type === 'code' && IMPORT_LINE.test(cellSource(cell))) want(index, 3);
  });
  for (const index of focus) {
    const at = codeIndices.indexOf(index);
    for (let d = 1; d <= neighbours && at >= 0; d++) {
      const before = codeIndices[at - d];
      const after = codeIndices[at + d];
      if (before !== undefined) want(before, 4);
      if (after !== undefined) want(after, 4);
    }
  }
  const ordered = [...rank.entries()].sort((a, b) => a[1] - b[1] || Math.abs(a[0] - anchor) - Math.abs(b[0] - anchor));

  const full = new Set<number>();
  const outputFor = new Set(focus.slice(0, 2));
  const render = (): string => {
    const shown = [...full].sort((a, b) => a - b);
    const near = (index: number): boolean => shown.some((s) => Math.abs(s - index) <= OUTLINE_DISTANCE);
    const parts: string[] = [];
    let run: number[] = [];
    const flushRun = (): void => {
      if (run.length === 0) return;
      const code = run.filter((i) => cells[i]?.cell_type === 'code').length;
      const first = run[0] as number;
      const last = run[run.length - 1] as number;
      parts.push(`# %% cells ${first}–${last} elided (${code} code, ${run.length - code} other)`);
      run = [];
    };
    cells.forEach((cell, index) => {
      if (full.has(index)) {
        flushRun();
        parts.push(fullCell(index, cell, outputFor.has(index)));
      } else if (near(index) || (run.length === 0 && index === cells.length - 1)) {
        flushRun();
        parts.push(elidedCell(index, cell));
      } else run.push(index);
    });
    flushRun();
    return parts.join('\n\n');
  };
  let used = counter.count(render());
  const added: number[] = [];
  for (const [index, priority] of ordered) {
    const cost = counter.count(fullCell(index, cells[index] as Cell, outputFor.has(index)));
    if (priority > 0 && used + cost > budgetTokens) continue;
    full.add(index);
    added.push(index);
    used += cost;
  }
  let text = render();
  // the per-cell estimate ignores how outlines change: drop the least important cells until the real text fits
  while (counter.count(text) > budgetTokens && added.length > 1) {
    full.delete(added.pop() as number);
    text = render();
  }
  const shown = [...full].sort((a, b) => a - b);
  return { text, shown, elided: cells.map((_, index) => index).filter((index) => !full.has(index)) };
}

/** The whole-notebook view (the paper's format): every code cell in full; markdown shortened only when needed. */
export function notebookView(ctx: FixContext, counter: TokenCounter, budgetTokens: number): PromptExcerpt {
  const all = ctx.notebook.cells.map((_, index) => index);
  const full = toPercent(ctx.notebook);
  if (counter.count(full) <= budgetTokens) return { text: full, shown: all, elided: [] };
  const shortened = toPercent(ctx.notebook, (cell) => {
    const text = cellSource(cell);
    return text.length > 120 ? `${firstLine(text, 100)} …` : text;
  });
  const elided = ctx.notebook.cells.flatMap((cell, index) =>
    cell.cell_type === 'markdown' && cellSource(cell).length > 120 ? [index] : [],
  );
  return { text: shortened, shown: all.filter((i) => !elided.includes(i)), elided };
}
