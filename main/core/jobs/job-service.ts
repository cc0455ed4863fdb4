// Bringing cases into the store and creating jobs for them: what the CLI, the host and the tests share.
import { serializeNotebook } from '../../../shared/lib/ipynb';
import type { ResolvedCase } from '../../../shared/models/case';
import type { JobSettings } from '../../../shared/models/loop';
import { loadCase } from '../case/case-loader';
import { readNotebookFile } from '../notebook/notebook-file';
import type { CaseRecord, Job, Store } from '../store';

/** Loads a notebook / case folder / case.json, validates it and stores it (with cell ids added) as a case. */
export async function importCase(
  store: Store,
  target: string,
  overrides: { dataDir?: string } = {},
): Promise<CaseRecord> {
  const resolved: ResolvedCase = await loadCase(target, overrides);
  const notebook = await readNotebookFile(resolved.notebookPath);
  const hash = store.blobs.put(serializeNotebook(notebook));
  return store.cases.upsert(resolved, hash);
}

export function createJob(
  store: Store,
  caseRecord: CaseRecord,
  settings: Partial<JobSettings>,
  /** running jobs name their owner (ownerId): the process that runs them */
  options: { status?: 'queued' | 'running'; priority?: number; workerId?: string } = {},
): Job {
  return store.jobs.create({
    caseId: caseRecord.id,
    settings,
    target: caseRecord.target?.value ?? null,
    status: options.status ?? 'queued',
    ...(options.priority !== undefined ? { priority: options.priority } : {}),
    ...(options.workerId !== undefined ? { workerId: options.workerId } : {}),
  });
}
