// Iterations: each execution of a job with its report, its fix, the version it ran and the diff between versions.
import type { NotebookSide } from '../../../shared/contracts/schemas';
import { iterationSummary } from '../../../shared/contracts/summaries';
import { NbreviveError } from '../../../shared/lib/errors';
import { cellSource, parseNotebook } from '../../../shared/lib/ipynb';
import type { Notebook } from '../../../shared/models/notebook';
import type { AppHandlerDependencies, FeatureHandlers } from './context';

function side(label: string, hash: string, text: string, nb: Notebook): NotebookSide {
  return {
    label,
    hash,
    text,
    cells: nb.cells.map((c, index) => ({ index, id: c.id ?? null, cellType: c.cell_type, source: cellSource(c) })),
  };
}

export function iterationHandlers({ store }: AppHandlerDependencies): FeatureHandlers<'iterations'> {
  const notebookAt = (hash: string) => {
    const text = store.blobs.getText(hash);
    return { text, notebook: parseNotebook(text) };
  };
  return {
    'app:iterations.list': ({ jobId }) => {
      store.jobs.require(jobId);
      return { items: store.iterations.list(jobId).map(iterationSummary) };
    },
    'app:iterations.getVersion'({ jobId, index, executed }) {
      const it = store.iterations.require(jobId, index);
      const hash = executed ? it.executedHash : it.versionHash;
      if (!hash)
        throw new NbreviveError(
          'not-found',
          `iteration ${index} of job ${jobId} kept no executed notebook (the run crashed before it was written)`,
        );
      return { hash, notebook: notebookAt(hash).notebook };
    },
    'app:iterations.getReport'({ jobId, index }) {
      const it = store.iterations.require(jobId, index);
      return { report: it.report, verdict: it.verdict, fidelity: it.fidelity };
    },
    'app:iterations.getFix'({ jobId, index }) {
      const it = store.iterations.require(jobId, index);
      return { fix: it.fix, fixFailed: it.fixFailed };
    },
    'app:iterations.diff'({ jobId, index, against }) {
      const job = store.jobs.require(jobId);
      const it = store.iterations.require(jobId, index);
      const beforeHash =
        against === 'previous' && index > 0
          ? store.iterations.require(jobId, index - 1).versionHash
          : store.cases.require(job.caseId).originalHash;
      const before = notebookAt(beforeHash);
      const after = notebookAt(it.versionHash);
      return {
        before: side(
          against === 'previous' && index > 0 ? `version ${index - 1}` : 'original',
          beforeHash,
          before.text,
          before.notebook,
        ),
        after: side(`version ${index}`, it.versionHash, after.text, after.notebook),
      };
    },
  } satisfies FeatureHandlers<'iterations'>;
}
