// Small notebooks written by tests: any cells (notebookOfCells); a markdown title cell, then one unexecuted code cell
// per source (ids c1, c2, …).
import type { Notebook } from '../../shared/models/notebook';

/** A notebook (nbformat 4.5, no metadata) of these cells, as a test writes its cells out. */
export function notebookOfCells(cells: Notebook['cells']): Notebook {
  return { nbformat: 4, nbformat_minor: 5, metadata: {}, cells };
}

export function codeNotebook(title: { id: string; source: string }, sources: readonly string[]): Notebook {
  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: { kernelspec: { name: 'python3', display_name: 'Python 3', language: 'python' } },
    cells: [
      { id: title.id, cell_type: 'markdown', source: title.source, metadata: {} },
      ...sources.map((source, i) => ({
        id: `c${i + 1}`,
        cell_type: 'code' as const,
        source,
        metadata: {},
        outputs: [],
        execution_count: null,
      })),
    ],
  };
}

/** A notebook of unexecuted code cells only (ids c0, c1, …), as a file's JSON text. */
export function codeOnlyNotebookJson(sources: readonly string[]): string {
  const nb = {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: { kernelspec: { name: 'python3', language: 'python', display_name: 'Python 3' } },
    cells: sources.map((source, i) => ({
      cell_type: 'code',
      id: `c${i}`,
      metadata: {},
      execution_count: null,
      outputs: [],
      source,
    })),
  };
  return JSON.stringify(nb, null, 1);
}
