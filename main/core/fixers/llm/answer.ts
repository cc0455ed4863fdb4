// Reads an LLM answer in either accepted format — cell edits as JSON `{plan, edits: [{cellIndex, source}]}` or
// the paper's plan + one fenced block with the whole notebook in the percent format — into cell edits, and
// validates them: cells exist, something changes, IPython lines of edited cells are kept, the result is a valid
// notebook and each edited code cell still parses. An AnswerError's message is written for the model (re-ask).
import { diffArrays } from 'diff';
import { z } from 'zod';
import type { CellEdit } from '../../../../shared/models/loop';
import type { Notebook } from '../../../../shared/models/notebook';
import { applyCellEdits } from '../../../../shared/lib/notebook-edits';
import { NotebookSchema } from '../../../../shared/models/notebook';
import { ipythonLines, parsePercent, type PercentCell } from './notebook-text';
import { cellSource } from '../../../../shared/lib/ipynb';
import type { SyntaxChecker } from './python-syntax';

export class AnswerError extends Error {
  override name = 'AnswerError';
}

export interface ParsedAnswer {
  plan: string;
  edits: CellEdit[];
  format: 'cells' | 'notebook';
  /** what the reader of the fix should know about how the answer was read */
  notes: string[];
}

/** JSON schema of the cells answer (sent as structured output where the server supports it). */
export const CELL_EDITS_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['plan', 'edits'],
  properties: {
    plan: { type: 'string' },
    edits: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['cellIndex', 'source'],
        properties: { cellIndex: { type: 'integer' }, source: { type: ['string', 'null'] } },
      },
    },
  },
} as const;

const SourceSchema = z.union([z.string(), z.array(z.string()).transform((lines) => joinLines(lines)), z.null()]);
const EditSchema = z
  .looseObject({
    cellIndex: z.number().int().optional(),
    cell_index: z.number().int().optional(),
    index: z.number().int().optional(),
    source: SourceSchema,
  })
  .transform((edit, ctx) => {
    const cellIndex = edit.cellIndex ?? edit.cell_index ?? edit.index;
    if (cellIndex === undefined) {
      ctx.addIssue({ code: 'custom', message: 'an edit has no cellIndex' });
      return z.NEVER;
    }
    return { cellIndex, source: edit.source };
  });
const CellsAnswerSchema = z.looseObject({ plan: z.string().default(''), edits: z.array(EditSchema) });

function joinLines(lines: string[]): string {
  return lines.every((line) => !line.endsWith('\n')) ? lines.join('\n') : lines.join('');
}

function extractJson(text: string): string | null {
  const fenced = /```(?:json|JSON)?\s*\n([\s\S]*?)\n```/.exec(text);
  if (fenced?.[1]?.trim().startsWith('{')) return fenced[1];
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  return start >= 0 && end > start ? text.slice(start, end + 1) : null;
}

function zodMessage(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'answer'}: ${issue.message}`).join('; ');
}

function parseCellsAnswer(json: string): ParsedAnswer {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (e) {
    throw new AnswerError(`the JSON does not parse (${(e as Error).message})`);
  }
  const parsed = CellsAnswerSchema.safeParse(value);
  if (!parsed.success)
    throw new AnswerError(
      `the JSON is not {"plan": string, "edits": [{"cellIndex": ` +
        `number, "source": string|null}]}: ${zodMessage(parsed.error)}`,
    );
  return { plan: parsed.data.plan.trim(), edits: parsed.data.edits, format: 'cells', notes: [] };
}

/** The largest fenced block that holds `# %%` markers, else the text from the first marker on. */
function extractPercentBlock(text: string): { block: string; plan: string } | null {
  const fences = [...text.matchAll(/```[\w-]*[^\S\n]*\n([\s\S]*?)(?:\n```|$(?![\s\S]))/g)];
  const withMarkers = fences
    .filter((m) => /^# %%/m.test(m[1] ?? ''))
    .sort((a, b) => (b[1]?.length ?? 0) - (a[1]?.length ?? 0));
  const best = withMarkers[0];
  if (best?.[1] !== undefined) return { block: best[1], plan: text.slice(0, best.index).trim() };
  const marker = /^# %%/m.exec(text);
  if (!marker) return null;
  return { block: text.slice(marker.index), plan: text.slice(0, marker.index).trim() };
}

function normalize(source: string): string {
  const lines = source
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd());
  while (lines.length > 0 && lines[0] === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

/** A model that comments magics out the way jupytext does (`# %matplotlib inline`) gets them back. */
function restoreCommentedMagics(before: string, after: string): string {
  const magics = new Set(ipythonLines(before));
  return after
    .split('\n')
    .map((line) => {
      const m = /^(\s*)# ?([%!].*)$/.exec(line);
      return m && magics.has((m[2] ?? '').trim()) ? `${m[1] ?? ''}${m[2] ?? ''}` : line;
    })
    .join('\n');
}

/**
 * Whole-notebook answer → cell edits. Only code cells are compared (markdown stays as it is: the prompt may have
 * shortened it), aligned by content; a changed run of cells is paired in order, code the model inserted is
 * appended to the cell before it, and code cells it left out are deleted.
 */
function notebookToEdits(cells: PercentCell[], notebook: Notebook): { edits: CellEdit[]; notes: string[] } {
  const oldCode = notebook.cells.flatMap((cell, index) =>
    cell.cell_type === 'code' ? [{ index, source: cellSource(cell) }] : [],
  );
  const newCode = cells.filter((cell) => cell.type === 'code').map((cell) => cell.source);
  const changes = diffArrays(
    oldCode.map((cell) => normalize(cell.source)),
    newCode.map(normalize),
  );
  const edits = new Map<number, string | null>();
  const notes: string[] = [];
  let oldAt = 0;
  let newAt = 0;
  let lastOld: number | null = null;
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i];
    if (!change) continue;
    const count = change.value.length;
    if (!change.added && !change.removed) {
      oldAt += count;
      newAt += count;
      lastOld = oldCode[oldAt - 1]?.index ?? lastOld;
      continue;
    }
    if (change.removed) {
      const next = changes[i + 1];
      const added = next?.added ? next.value.length : 0;
      if (next?.added) i++;
      const paired = Math.min(count, added);
      for (let k = 0; k < count; k++) {
        const old = oldCode[oldAt + k];
        if (!old) continue;
        if (k >= paired) edits.set(old.index, null);
        else {
          const source = restoreCommentedMagics(old.source, newCode[newAt + k] ?? '');
          if (normalize(source) !== normalize(old.source)) edits.set(old.index, source);
        }
        lastOld = old.index;
      }
      for (let k = paired; k < added; k++) {
        appendInserted(newCode[newAt + k] ?? '', lastOld ?? oldCode[oldAt]?.index ?? null);
      }
      oldAt += count;
      newAt += added;
      continue;
    }
    // a pure insertion
    for (let k = 0; k < count; k++) appendInserted(newCode[newAt + k] ?? '', lastOld ?? oldCode[oldAt]?.index ?? null);
    newAt += count;
  }

  function appendInserted(source: string, target: number | null): void {
    if (target === null)
      throw new AnswerError('the notebook in the answer adds code but the notebook has no code cell to hold it');
    const base =
      edits.get(target) ?? cellSource(notebook.cells[target] ?? { cell_type: 'code', source: '', metadata: {} });
    edits.set(target, base === null ? source : `${base.trimEnd()}\n\n${source}`);
    notes.push(`a code cell the model added was appended to cell ${target}`);
  }

  const deleted = [...edits.values()].filter((source) => source === null).length;
  if (oldCode.length > 0 && deleted > Math.max(2, oldCode.length * 0.2)) {
    throw new AnswerError(
      `the notebook in the answer leaves out ${deleted} of ${oldCode.length} code cells; ` +
        `write the WHOLE notebook, every cell, with the unchanged ones exactly as they are`,
    );
  }
  return {
    edits: [...edits.entries()].sort((a, b) => a[0] - b[0]).map(([cellIndex, source]) => ({ cellIndex, source })),
    notes,
  };
}

/** Reads an answer in either format; throws AnswerError (for the re-ask) when it is in neither. */
export function parseAnswer(text: string, notebook: Notebook): ParsedAnswer {
  const trimmed = text.trim();
  if (trimmed === '') throw new AnswerError('the answer is empty');
  const json = extractJson(trimmed);
  const looksJson =
    trimmed.startsWith('{') || /```(?:json|JSON)\s*\n/.test(trimmed) || (json !== null && /"edits"\s*:/.test(json));
  if (looksJson && json !== null) return parseCellsAnswer(json);
  const percent = extractPercentBlock(trimmed);
  if (percent) {
    let cells: PercentCell[];
    try {
      cells = parsePercent(percent.block);
    } catch (e) {
      throw new AnswerError(`the notebook block does not parse: ${(e as Error).message}`);
    }
    const { edits, notes } = notebookToEdits(cells, notebook);
    return {
      plan: percent.plan.replace(/^(#+\s*)?(\*\*)?plan:?(\*\*)?:?\s*/i, '').trim(),
      edits,
      format: 'notebook',
      notes,
    };
  }
  throw new AnswerError(
    'the answer holds neither a JSON object with "edits" nor a fenced notebook in the percent format',
  );
}

/** Checks the edits against the notebook; the edits that change something and the notebook they give. Throws
 * AnswerError naming every problem found. */
export async function validateEdits(
  edits: CellEdit[],
  notebook: Notebook,
  checkSyntax: SyntaxChecker | null,
): Promise<{ notebook: Notebook; edits: CellEdit[] }> {
  const problems: string[] = [];
  const seen = new Set<number>();
  const effective: CellEdit[] = [];
  for (const edit of edits) {
    const cell = notebook.cells[edit.cellIndex];
    if (!cell) {
      problems.push(`cell ${edit.cellIndex} does not exist (the notebook has cells 0–${notebook.cells.length - 1})`);
      continue;
    }
    if (seen.has(edit.cellIndex)) {
      problems.push(`cell ${edit.cellIndex} is edited twice`);
      continue;
    }
    seen.add(edit.cellIndex);
    const before = cellSource(cell);
    if (edit.source !== null && normalize(edit.source) === normalize(before)) continue;
    effective.push(edit);
    if (cell.cell_type !== 'code') continue;
    const kept = new Set(edit.source === null ? [] : ipythonLines(edit.source));
    const lost = ipythonLines(before).filter((line) => !kept.has(line));
    if (lost.length > 0) {
      problems.push(
        `cell ${edit.cellIndex} must keep its IPython line${lost.length > 1 ? 's' : ''} ` +
          `${lost.map((l) => JSON.stringify(l)).join(', ')} unchanged`,
      );
    }
  }
  if (problems.length === 0 && effective.length === 0)
    problems.push('the answer changes nothing: no edited cell differs from the notebook');
  if (problems.length === 0 && checkSyntax) {
    const code = effective.filter(
      (edit) => edit.source !== null && notebook.cells[edit.cellIndex]?.cell_type === 'code',
    );
    const results = await checkSyntax(code.map((edit) => edit.source ?? ''));
    results.forEach((result, i) => {
      if (result) problems.push(`the new source of cell ${code[i]?.cellIndex} is not valid Python: ${result}`);
    });
  }
  if (problems.length > 0) throw new AnswerError(problems.join('; '));
  try {
    return { notebook: NotebookSchema.parse(applyCellEdits(notebook, effective)), edits: effective };
  } catch (e) {
    throw new AnswerError(`the edits do not give a valid notebook: ${(e as Error).message}`);
  }
}
