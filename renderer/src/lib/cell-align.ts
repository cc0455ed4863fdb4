// Cell-aware notebook diff: pairs the cells of two notebook versions (same id, or same type and source, as anchors;
// cells between anchors paired in order when of the same type = edited), then lays both sides out as text with one
// header line per cell so Monaco's line diff lines up cell by cell. Magics and shell escapes stay as written.

export interface DiffCell {
  index: number;
  id: string | null;
  cellType: string;
  source: string;
  /** text of the outputs (stream text, text/plain results, error tracebacks), when known */
  outputs?: string[];
}

export type AlignedKind = 'same' | 'changed' | 'added' | 'removed';

export interface AlignedPair {
  before: DiffCell | null;
  after: DiffCell | null;
  kind: AlignedKind;
}

function anchorEqual(a: DiffCell, b: DiffCell): boolean {
  if (a.id !== null && b.id !== null && a.id === b.id) return true;
  return a.cellType === b.cellType && a.source === b.source;
}

/** LCS on anchors, then the cells between two anchors paired in order (same type → 'changed'). */
export function alignCells(before: readonly DiffCell[], after: readonly DiffCell[]): AlignedPair[] {
  const n = before.length;
  const m = after.length;
  // lengths of the LCS of suffixes; notebooks have at most a few hundred cells, so O(n·m) is fine
  const dp: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    const row = dp[i] as Uint32Array;
    const next = dp[i + 1] as Uint32Array;
    for (let j = m - 1; j >= 0; j--) {
      row[j] = anchorEqual(before[i] as DiffCell, after[j] as DiffCell)
        ? (next[j + 1] as number) + 1
        : Math.max(next[j] as number, row[j + 1] as number);
    }
  }
  const out: AlignedPair[] = [];
  let pendingBefore: DiffCell[] = [];
  let pendingAfter: DiffCell[] = [];
  const flush = () => {
    let j = 0;
    for (const b of pendingBefore) {
      // pair with the next unpaired cell of the same type on the other side, keeping order
      const k = pendingAfter.findIndex((a, idx) => idx >= j && a.cellType === b.cellType);
      if (k >= 0) {
        for (; j < k; j++) out.push({ before: null, after: pendingAfter[j] as DiffCell, kind: 'added' });
        out.push({ before: b, after: pendingAfter[k] as DiffCell, kind: 'changed' });
        j = k + 1;
      } else out.push({ before: b, after: null, kind: 'removed' });
    }
    for (; j < pendingAfter.length; j++) out.push({ before: null, after: pendingAfter[j] as DiffCell, kind: 'added' });
    pendingBefore = [];
    pendingAfter = [];
  };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (
      i < n &&
      j < m &&
      anchorEqual(before[i] as DiffCell, after[j] as DiffCell) &&
      (dp[i] as Uint32Array)[j] === (dp[i + 1] as Uint32Array)[j + 1]! + 1
    ) {
      flush();
      const b = before[i] as DiffCell;
      const a = after[j] as DiffCell;
      out.push({ before: b, after: a, kind: b.source === a.source && b.cellType === a.cellType ? 'same' : 'changed' });
      i++;
      j++;
    } else if (j >= m || (i < n && (dp[i + 1] as Uint32Array)[j]! >= (dp[i] as Uint32Array)[j + 1]!)) {
      pendingBefore.push(before[i] as DiffCell);
      i++;
    } else {
      pendingAfter.push(after[j] as DiffCell);
      j++;
    }
  }
  flush();
  return out;
}

export interface DiffTextOptions {
  markdown: boolean;
  outputs: boolean;
}

export interface DiffText {
  before: string;
  after: string;
  /** the aligned pairs that were laid out (markdown pairs dropped when hidden) */
  pairs: AlignedPair[];
}

function header(cell: DiffCell | null, kind: AlignedKind): string {
  if (!cell)
    return kind === 'added'
      ? '# ─── (no cell: added on the other side) ───'
      : '# ─── (no cell: removed on the other side) ───';
  return `# ─── cell ${cell.index + 1} [${cell.cellType}] ───`;
}

function body(cell: DiffCell | null, options: DiffTextOptions): string[] {
  if (!cell) return [];
  const lines = cell.source === '' ? [] : cell.source.replace(/\r\n/g, '\n').split('\n');
  if (options.outputs && cell.outputs?.length) {
    lines.push('# ··· output ···');
    for (const o of cell.outputs) for (const l of o.replace(/\n$/, '').split('\n')) lines.push(`# > ${l}`);
  }
  return lines;
}

/** Both sides as text, cell after cell; a cell missing on one side becomes a header with no lines there. */
export function diffText(before: readonly DiffCell[], after: readonly DiffCell[], options: DiffTextOptions): DiffText {
  const pairs = alignCells(before, after).filter(
    (p) => options.markdown || ![p.before, p.after].every((c) => !c || c.cellType === 'markdown'),
  );
  const b: string[] = [];
  const a: string[] = [];
  for (const p of pairs) {
    b.push(header(p.before, p.kind), ...body(p.before, options), '');
    a.push(header(p.after, p.kind), ...body(p.after, options), '');
  }
  return { before: b.join('\n'), after: a.join('\n'), pairs };
}

/** Cells of a notebook's JSON text with their outputs as text (for the outputs toggle). */
export function cellsFromNotebookText(text: string): DiffCell[] {
  const nb = JSON.parse(text) as {
    cells?: { id?: string; cell_type: string; source: string | string[]; outputs?: unknown[] }[];
  };
  return (nb.cells ?? []).map((c, index) => ({
    index,
    id: c.id ?? null,
    cellType: c.cell_type,
    source: Array.isArray(c.source) ? c.source.join('') : c.source,
    outputs: (c.outputs ?? []).map(outputText).filter((s): s is string => s !== null),
  }));
}

function joined(v: unknown): string {
  return Array.isArray(v) ? v.join('') : typeof v === 'string' ? v : '';
}

export function outputText(output: unknown): string | null {
  const o = output as {
    output_type?: string;
    text?: unknown;
    data?: Record<string, unknown>;
    ename?: string;
    evalue?: string;
  };
  if (o.output_type === 'stream') return joined(o.text);
  if (o.output_type === 'error') return `${o.ename ?? 'Error'}: ${o.evalue ?? ''}`;
  if (o.data) {
    if (o.data['text/plain'] !== undefined) return joined(o.data['text/plain']);
    const kinds = Object.keys(o.data);
    return kinds.length ? `[${kinds.join(', ')}]` : null;
  }
  return null;
}
