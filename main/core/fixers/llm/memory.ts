// Fix memory across a corpus: when a fix resolved an error (verified by the next execution), the same error
// signature in another job gets that fix first, replayed as line rewrites, before any new LLM call.
// A signature is the error name, its normalized message and a hash of the offending line, so a hit means the same
// line fails the same way (Kaggle forks share a lot of code). `InMemoryFixMemory` is the reference
// implementation; the store backs the same interface with SQLite.
import { createHash } from 'node:crypto';
import { diffArrays } from 'diff';
import type { CellError } from '../../../../shared/models/execution';
import type { CellEdit, Fix, LineRewrite } from '../../../../shared/models/loop';
import type { Notebook } from '../../../../shared/models/notebook';
import type { FixContext, Fixer } from '../fixer';
import { cellSource } from '../../../../shared/lib/ipynb';
import { stripAnsi } from '../../../../shared/lib/text';
import { offendingLine, primaryError } from './cell-errors';

export { offendingLine };
import { semanticFlags } from './semantic-flags';

export interface FixMemory {
  /** a fix that resolved this signature before, or null */
  lookup(signature: string): Fix | null;
  /** the outcome of a fix for this signature: success = the next execution no longer showed the error */
  record(signature: string, fix: Fix, success: boolean): void;
  /** a remembered fix was offered again (optional: for hit statistics) */
  noteHit?(signature: string): void;
}

function normalizeMessage(evalue: string): string {
  const first =
    stripAnsi(evalue)
      .split('\n')
      .find((line) => line.trim() !== '') ?? '';
  return first
    .replace(/\(([^()]*\.py), line \d+\)/g, '(<file>, line N)')
    .replace(/0x[0-9a-f]+/gi, '0x?')
    .replace(/(^|[^A-Za-z_])\d+(\.\d+)?/g, '$1N')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

export function errorSignature(error: CellError): string {
  const line = offendingLine(error)?.replace(/\s+/g, ' ').trim() ?? '';
  const lineHash = createHash('sha256').update(line).digest('hex').slice(0, 12);
  return `${error.ename}|${normalizeMessage(error.evalue)}|${lineHash}`;
}

const trimEndLines = (source: string): string[] => source.split('\n').map((line) => line.trimEnd());

/** The line rewrites an edit makes (before-lines → after-lines, anchored on a neighbour line for insertions). */
export function lineRewrites(notebook: Notebook, edits: CellEdit[]): LineRewrite[] {
  const rewrites: LineRewrite[] = [];
  for (const edit of edits) {
    const cell = notebook.cells[edit.cellIndex];
    if (!cell || cell.cell_type !== 'code' || edit.source === null) continue;
    const before = trimEndLines(cellSource(cell));
    const after = trimEndLines(edit.source);
    const changes = diffArrays(before, after);
    let oldAt = 0;
    for (let i = 0; i < changes.length; i++) {
      const change = changes[i];
      if (!change) continue;
      if (!change.added && !change.removed) {
        oldAt += change.value.length;
        continue;
      }
      const removed = change.removed ? change.value : [];
      const next = changes[i + 1];
      const added = change.added ? change.value : next?.added ? next.value : [];
      if (change.removed && next?.added) i++;
      if (removed.length > 0) {
        rewrites.push({ before: removed, after: added });
      } else {
        const prev = before[oldAt - 1];
        const following = before[oldAt];
        if (prev !== undefined && prev.trim() !== '') rewrites.push({ before: [prev], after: [prev, ...added] });
        else if (following !== undefined) rewrites.push({ before: [following], after: [...added, following] });
      }
      oldAt += removed.length;
    }
  }
  return rewrites.filter((r) => r.before.some((line) => line.trim() !== ''));
}

const indentOf = (line: string): string => /^\s*/.exec(line)?.[0] ?? '';

/** Applies rewrites to a cell's lines (first occurrence, indentation adapted); null when one does not match. */
function rewriteLines(lines: string[], rewrites: LineRewrite[]): string[] | null {
  let out = [...lines];
  for (const rewrite of rewrites) {
    const want = rewrite.before.map((line) => line.trim());
    const at = out.findIndex((_, i) => want.every((line, k) => (out[i + k] ?? '').trim() === line));
    if (at < 0) return null;
    const shift = indentOf(out[at] ?? '');
    const base = indentOf(rewrite.before[0] ?? '');
    const adapted = rewrite.after.map((line) => (line.startsWith(base) ? shift + line.slice(base.length) : line));
    out = [...out.slice(0, at), ...adapted, ...out.slice(at + want.length)];
  }
  return out;
}

/** Replays a remembered fix's rewrites on a notebook: each rewrite goes to the failing cell if it matches there,
 * else to the first code cell where it does. Null when a rewrite finds no place. */
export function replayRewrites(notebook: Notebook, rewrites: LineRewrite[], preferredCell: number): CellEdit[] | null {
  if (rewrites.length === 0) return null;
  const sources = new Map<number, string[]>();
  const order = [preferredCell, ...notebook.cells.map((_, i) => i).filter((i) => i !== preferredCell)];
  for (const rewrite of rewrites) {
    let placed = false;
    for (const index of order) {
      const cell = notebook.cells[index];
      if (!cell || cell.cell_type !== 'code') continue;
      const lines = sources.get(index) ?? cellSource(cell).split('\n');
      const result = rewriteLines(lines, [rewrite]);
      if (result) {
        sources.set(index, result);
        placed = true;
        break;
      }
    }
    if (!placed) return null;
  }
  return [...sources.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([cellIndex, lines]) => ({ cellIndex, source: lines.join('\n') }))
    .filter((edit) => edit.source !== cellSource(notebook.cells[edit.cellIndex] as Notebook['cells'][number]));
}

interface Entry {
  fix: Fix;
  successes: number;
  failures: number;
  hits: number;
}

/** Fix memory in a Map: per signature the latest fix that worked, with success, failure and hit counts. */
export class InMemoryFixMemory implements FixMemory {
  private readonly entries = new Map<string, Entry>();

  lookup(signature: string): Fix | null {
    const entry = this.entries.get(signature);
    return entry && entry.successes > entry.failures ? entry.fix : null;
  }

  record(signature: string, fix: Fix, success: boolean): void {
    const entry = this.entries.get(signature);
    if (success) {
      if (entry) {
        entry.fix = fix;
        entry.successes += 1;
      } else this.entries.set(signature, { fix, successes: 1, failures: 0, hits: 0 });
    } else if (entry) {
      entry.failures += 1;
    }
  }

  noteHit(signature: string): void {
    const entry = this.entries.get(signature);
    if (entry) entry.hits += 1;
  }

  stats(signature: string): { successes: number; failures: number; hits: number } | null {
    const entry = this.entries.get(signature);
    return entry ? { successes: entry.successes, failures: entry.failures, hits: entry.hits } : null;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Offers a remembered fix for the first error's signature ($0, no call); counts lookups and hits. */
export class MemoryFixer implements Fixer {
  readonly name = 'memory' as const;
  lookups = 0;
  hits = 0;

  constructor(private readonly memory: FixMemory) {}

  async propose(ctx: FixContext): Promise<Fix | null> {
    if (ctx.problem !== 'error') return null;
    const error = primaryError(ctx.report.errors);
    if (!error) return null;
    const signature = errorSignature(error);
    if (ctx.exclude.has(signature) || ctx.exclude.has(`memory:${signature}`)) return null;
    this.lookups += 1;
    const remembered = this.memory.lookup(signature);
    if (!remembered?.rewrites) return null;
    const edits = replayRewrites(ctx.notebook, remembered.rewrites, error.cellIndex);
    if (!edits || edits.length === 0) return null;
    this.hits += 1;
    this.memory.noteHit?.(signature);
    return {
      type: 'error-repair',
      source: 'memory',
      ruleIds: [`memory:${signature}`, ...remembered.ruleIds],
      model: remembered.model,
      plan: `Fix memory: this error was resolved before by: ${remembered.plan}`,
      edits,
      usage: { promptTokens: 0, completionTokens: 0, costUsd: 0 },
      flags: semanticFlags(ctx.notebook, edits),
      signature,
      rewrites: remembered.rewrites,
    };
  }
}
