// Exporting a job's best version: the notebook itself, a percent-format script, or a unified diff of the cell
// sources against the original.
import fs from 'node:fs/promises';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { NbreviveError } from '../../../shared/lib/errors';
import { cellSource, parseNotebook, serializeNotebook } from '../../../shared/lib/ipynb';
import type { Notebook } from '../../../shared/models/notebook';
import { toPercent } from '../fixers/llm/notebook-text';
import type { Store } from '../store';
import { checkUserPath, fileSystemError, makeFolders } from './fs-errors';

export type ExportFormat = 'ipynb' | 'py' | 'diff';

export function formatFromPath(file: string): ExportFormat {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.py') return 'py';
  if (ext === '.diff' || ext === '.patch') return 'diff';
  return 'ipynb';
}

/** The cells' sources as one text, each cell headed by its index and type (what a diff is taken over). */
export function notebookAsText(nb: Notebook): string {
  return nb.cells.map((c, i) => `# ---- cell ${i} (${c.cell_type}) ----\n${cellSource(c)}\n`).join('');
}

export function renderExport(original: Notebook, best: Notebook, format: ExportFormat, name: string): string {
  if (format === 'ipynb') return serializeNotebook(best);
  if (format === 'py') return toPercent(best);
  return createTwoFilesPatch(`a/${name}`, `b/${name}`, notebookAsText(original), notebookAsText(best));
}

/** The best version of a job (or a given iteration's version) with the original it started from. */
export function jobVersions(
  store: Store,
  jobId: string,
  iteration?: number,
): { original: Notebook; version: Notebook; index: number } {
  const job = store.jobs.require(jobId);
  const index = iteration ?? job.bestIteration ?? store.iterations.last(jobId)?.index;
  if (index === undefined || index === null)
    throw new NbreviveError('not-found', `job ${jobId} has no executed iteration yet: nothing to export`);
  const it = store.iterations.require(jobId, index);
  const first = store.iterations.require(jobId, 0);
  return {
    original: parseNotebook(store.blobs.getText(first.versionHash)),
    version: parseNotebook(store.blobs.getText(it.versionHash)),
    index,
  };
}

export async function exportJob(
  store: Store,
  jobId: string,
  out: string,
  format: ExportFormat = formatFromPath(out),
  iteration?: number,
): Promise<{ file: string; index: number }> {
  const { original, version, index } = jobVersions(store, jobId, iteration);
  const text = renderExport(
    original,
    version,
    format,
    path.basename(store.cases.require(store.jobs.require(jobId).caseId).notebookPath),
  );
  checkUserPath(out, 'the export file');
  // one resolved path for the folder, the temporary file and the rename: `a/../b/x.ipynb` means b/x.ipynb
  const file = path.resolve(out);
  const tmp = `${file}.tmp-${process.pid}`;
  try {
    if ((await fs.stat(file).catch(() => null))?.isDirectory())
      throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    await makeFolders(path.dirname(file));
    await fs.writeFile(tmp, text);
    await fs.rename(tmp, file);
  } catch (e) {
    // nothing half-written stays behind
    await fs.rm(tmp, { force: true }).catch(() => undefined);
    throw fileSystemError(e, 'the export file', file);
  }
  return { file, index };
}
