// Pure rewriting of the paths a notebook hard-codes (`/kaggle/input`, a case's absolute data.files targets) to
// where the runtime actually provides them (URLs are not rewritten: the kernel serves them, nbrevive_urls.py). Only the
// copy that is executed is rewritten; `restoreSources` puts the author's sources back into the executed notebook before
// anything is stored.
import { joinMultiline } from '../../../shared/lib/ipynb';
import type { Notebook } from '../../../shared/models/notebook';

export interface PathMapping {
  /** the path prefix or URL exactly as a notebook writes it */
  from: string;
  /** what the kernel should use instead (an absolute path it can see) */
  to: string;
  /** `prefix`: also rewrites `from/…`; `exact`: only the whole literal (URLs, single files) */
  match: 'prefix' | 'exact';
}

export const KAGGLE_INPUT = '/kaggle/input';
export const KAGGLE_WORKING = '/kaggle/working';

/** `/kaggle/input` → the job's input copy, `/kaggle/working` → the execution's working dir (kernel-visible paths). */
export function kaggleMappings(dirs: { input: string; working: string }): PathMapping[] {
  return [
    { from: KAGGLE_INPUT, to: dirs.input, match: 'prefix' },
    { from: KAGGLE_WORKING, to: dirs.working, match: 'prefix' },
  ];
}

const PATH_CHAR = /[A-Za-z0-9_.-]/;
const LITERAL_END = /["'\s),\]}]/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Rewrites every occurrence of each mapping's `from` in Python source. An occurrence counts only when it is not
 * part of a longer path or word (`/data/kaggle/input`, `/kaggle/inputs` stay), so comments may be touched but
 * nothing else. Longer `from`s win, so a file mapping beats the folder it sits in.
 */
export function rewriteSource(source: string, mappings: PathMapping[]): string {
  const ordered = [...mappings].filter((m) => m.from !== '').sort((a, b) => b.from.length - a.from.length);
  if (ordered.length === 0) return source;
  const pattern = new RegExp(ordered.map((m) => escapeRegExp(m.from)).join('|'), 'g');
  return source.replace(pattern, (hit: string, offset: number) => {
    const mapping = ordered.find((m) => m.from === hit);
    if (!mapping) return hit;
    const before = offset > 0 ? (source[offset - 1] ?? '') : '';
    const after = source[offset + hit.length] ?? '';
    const startsPath = hit.startsWith('/') || /^[a-z]+:\/\//i.test(hit);
    if (before !== '' && (PATH_CHAR.test(before) || (before === '/' && startsPath))) return hit;
    const ends =
      mapping.match === 'exact'
        ? after === '' || LITERAL_END.test(after)
        : after === '' || after === '/' || !PATH_CHAR.test(after);
    // forward slashes work on every OS inside a Python string, backslashes would become escapes
    return ends ? mapping.to.replace(/\\/g, '/') : hit;
  });
}

function likeOriginal(original: string | string[], text: string): string | string[] {
  if (!Array.isArray(original)) return text;
  return text.split(/(?<=\n)/);
}

/** A copy of the notebook whose code cells use the mapped paths; `changedCells` lists the rewritten indexes. */
export function rewriteNotebookPaths(
  notebook: Notebook,
  mappings: PathMapping[],
): { notebook: Notebook; changedCells: number[] } {
  const changedCells: number[] = [];
  const cells = notebook.cells.map((cell, index) => {
    if (cell.cell_type !== 'code') return cell;
    const text = joinMultiline(cell.source);
    const rewritten = rewriteSource(text, mappings);
    if (rewritten === text) return cell;
    changedCells.push(index);
    return { ...cell, source: likeOriginal(cell.source, rewritten) };
  });
  return { notebook: { ...notebook, cells }, changedCells };
}

/** The executed notebook with each cell's source taken back from the version that was asked to run. */
export function restoreSources(executed: Notebook, original: Notebook): Notebook {
  if (executed.cells.length !== original.cells.length) return executed;
  return {
    ...executed,
    cells: executed.cells.map((cell, index) => {
      const source = original.cells[index]?.source;
      return source === undefined ? cell : { ...cell, source };
    }),
  };
}
