// The app API's handlers: binds every contract channel to the store, the queue and the engine. Transport-free:
// the HTTP server (`nbrevive serve`) and Electron IPC dispatch to the same table.
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { ApiHandlers } from '../../shared/contracts/api';
import type { AppSettings, NotebookSide, QueueStatus } from '../../shared/contracts/schemas';
import { SettingsSetInputSchema } from '../../shared/contracts/schemas';
import { iterationSummary, toCsv } from '../../shared/contracts/summaries';
import { NbreviveError, toErrorInfo } from '../../shared/lib/errors';
import { cellSource, parseNotebook } from '../../shared/lib/ipynb';
import { DEFAULT_PRICES } from '../../shared/models/llm';
import { JobSettingsSchema } from '../../shared/models/loop';
import type { Notebook } from '../../shared/models/notebook';
import { createRuntime } from '../core/job-setup';
import { exportJob, jobVersions } from '../core/jobs/export';
import { createJob, importCase } from '../core/jobs/job-service';
import { removeUpload, uploadsRootFor, writeUploadChunks } from '../core/jobs/uploads';
import { checkUserPath, fileSystemError, makeFolders } from '../core/jobs/fs-errors';
import { LLM_SETTINGS_KEY, readStoredLlmSettings } from '../core/fixers/llm/stored-settings';
import { dockerStatus } from '../core/runtime/docker/status';
import { IMAGE_PRESETS } from '../core/runtime/docker/images';
import { checkPython, describePython, detectPythons } from '../core/runtime/python-detect';
import { listHostGpus } from '../core/runtime/docker/gpu';
import { corpusStats } from '../core/stats/corpus-stats';
import type { Job, Store } from '../core/store';
import { findCases } from '../core/case/case-loader';
import type { SecretStore } from '../core/store/secret-file';

/** What the handlers need from whoever runs the worker (the host). */
export interface QueueControl {
  /** a job was queued or requeued */
  wake(): void;
  /** a running job should stop */
  cancel(jobId: string): void;
  /** the queue settings changed */
  configure(concurrency: number, paused: boolean): void;
  workers(): number;
  /** tells clients the queue changed */
  changed(reason: string): void;
}

export interface AppHandlerDependencies {
  store: Store;
  queue: QueueControl;
  secrets: SecretStore;
  /** concurrency when none is stored: one per GPU, else one */
  defaultConcurrency: number;
}

const QueueSettingsSchema = z.object({ paused: z.boolean().default(false), concurrency: z.number().int().positive().optional() });
export const SETTINGS_KEYS = { queue: 'queue', defaults: 'job.defaults', llm: LLM_SETTINGS_KEY } as const;

// Store records carry more than the API's summaries (the resolved case, worker bookkeeping): the dispatcher parses
// every answer with the channel's output schema, which keeps only the contract's fields.

function side(label: string, hash: string, text: string, nb: Notebook): NotebookSide {
  return {
    label,
    hash,
    text,
    cells: nb.cells.map((c, index) => ({ index, id: c.id ?? null, cellType: c.cell_type, source: cellSource(c) })),
  };
}

async function writeOrReturn(file: string | undefined, content: string, count: number) {
  if (!file) return { path: null, content, count };
  checkUserPath(file, 'the report file');
  const out = path.resolve(file);
  try {
    await makeFolders(path.dirname(out));
    await fs.writeFile(out, content);
  } catch (e) {
    throw fileSystemError(e, 'the report file', out);
  }
  return { path: out, content: null, count };
}

export function queueSettings(store: Store, defaultConcurrency: number): { paused: boolean; concurrency: number } {
  const stored = store.settings.get(SETTINGS_KEYS.queue, QueueSettingsSchema) ?? { paused: false };
  return { paused: stored.paused, concurrency: stored.concurrency ?? defaultConcurrency };
}

export function createAppHandlers(deps: AppHandlerDependencies): ApiHandlers {
  const { store, queue, secrets } = deps;

  const queueStatus = (): QueueStatus => {
    const counts = store.jobs.countByStatus();
    return { ...queueSettings(store, deps.defaultConcurrency), queued: counts.queued, running: counts.running, workers: queue.workers() };
  };
  const setQueue = (patch: { paused?: boolean; concurrency?: number }, reason: string): QueueStatus => {
    const next = { ...queueSettings(store, deps.defaultConcurrency), ...patch };
    store.settings.set(SETTINGS_KEYS.queue, next);
    queue.configure(next.concurrency, next.paused);
    queue.changed(reason);
    return queueStatus();
  };
  const jobDefaults = () => JobSettingsSchema.parse(store.settings.get(SETTINGS_KEYS.defaults) ?? {});
  const appSettings = (): AppSettings => {
    const llm = readStoredLlmSettings(store);
    return {
      defaults: jobDefaults(),
      llm: { ...llm, hasKey: secrets.hasKey(), defaultPrices: DEFAULT_PRICES },
      concurrency: queueSettings(store, deps.defaultConcurrency).concurrency,
    };
  };
  const notebookAt = (hash: string) => {
    const text = store.blobs.getText(hash);
    return { text, notebook: parseNotebook(text) };
  };
  const jobsFor = (jobIds: string[] | undefined, competition?: string): Job[] => {
    if (jobIds) return jobIds.map((id) => store.jobs.require(id));
    const out: Job[] = [];
    for (let offset = 0; ; offset += 1000) {
      const page = store.jobs.list({ outcome: undefined, competition, limit: 1000, offset, sort: 'createdAt', order: 'asc' });
      out.push(...page.items.filter((j) => j.outcome !== null));
      if (page.items.length < 1000) return out;
    }
  };

  const importPath = async (target: string, kind: 'auto' | 'notebook' | 'case' | 'corpus') => {
    const abs = path.resolve(target);
    const stat = await fs.stat(abs).catch(() => null);
    if (!stat) throw new NbreviveError('file-not-found', `nothing to import at ${abs}: give a notebook, a case folder or a corpus folder`);
    const isCorpus =
      kind === 'corpus' || (kind === 'auto' && stat.isDirectory() && !(await fs.stat(path.join(abs, 'nbrevive.case.json')).catch(() => null)));
    const targets = isCorpus ? await findCases(abs) : [abs];
    const cases = [];
    const errors = [];
    for (const t of targets) {
      try {
        cases.push(await importCase(store, t));
      } catch (e) {
        if (!isCorpus) throw e;
        errors.push({ path: t, ...toErrorInfo(e) });
      }
    }
    return { cases, errors };
  };

  return {
    // ---------- cases
    'app:cases.import': ({ path: target, kind }) => importPath(target, kind),
    async 'app:cases.upload'({ uploadId, files, finish }) {
      const written = await writeUploadChunks(uploadsRootFor(store), uploadId, files);
      const out = { uploadId: written.uploadId, root: written.dir, bytes: written.bytes, imported: null };
      if (!finish) return out;
      // the folder is imported like a dropped one: case folders, bare notebooks (data in an input/ beside them)
      const imported = await importPath(written.dir, 'auto');
      if (imported.cases.length === 0) {
        await removeUpload(written.dir);
        const why = imported.errors.map((e) => `${path.relative(written.dir, e.path) || '.'}: ${e.message}`).join('; ');
        throw new NbreviveError(
          imported.errors.length ? (imported.errors[0]?.code ?? 'invalid-case') : 'invalid-request',
          imported.errors.length
            ? `nothing in the upload could be imported: ${why}`
            : 'the upload holds no notebook (.ipynb) and no case folder (nbrevive.case.json): pick notebooks or a folder holding them',
        );
      }
      // paths in errors are shown relative to the upload: the host's folder means nothing to a browser user
      const errors = imported.errors.map((e) => ({ ...e, path: path.relative(written.dir, e.path) || '.' }));
      return { ...out, imported: { cases: imported.cases, errors } };
    },
    'app:cases.list': (input) => store.cases.list(input),
    'app:cases.get'({ caseId }) {
      const record = store.cases.require(caseId);
      return { summary: record, case: record.case, jobs: store.jobs.list({ caseId, limit: 200 }).items };
    },

    // ---------- jobs
    'app:jobs.enqueue'({ caseIds, settings, priority }) {
      const records = caseIds.map((id) => store.cases.require(id));
      const merged = JobSettingsSchema.parse({ ...jobDefaults(), ...settings });
      const jobs = store.transaction(() => records.map((r) => createJob(store, r, merged, { priority })));
      queue.wake();
      queue.changed('enqueued');
      return { jobs };
    },
    'app:jobs.list': (input) => store.jobs.list(input),
    'app:jobs.get'({ jobId }) {
      const job = store.jobs.require(jobId);
      return { job, review: job.review };
    },
    'app:jobs.cancel'({ jobId }) {
      const job = store.jobs.require(jobId);
      let result = job;
      if (job.status === 'queued' || job.status === 'paused') {
        result = store.jobs.update(jobId, { status: 'cancelled', stopReason: 'cancelled' });
      } else if (job.status === 'running') {
        // the worker sees the flag at its next heartbeat even if this message is lost
        result = store.jobs.update(jobId, { cancelRequested: true });
        queue.cancel(jobId);
      }
      queue.changed('cancelled');
      return result;
    },
    'app:jobs.retry'({ jobId }) {
      const job = store.jobs.require(jobId);
      if (job.status !== 'failed' && job.status !== 'cancelled' && job.status !== 'paused') {
        throw new NbreviveError(
          'invalid-request',
          `job ${jobId} is ${job.status}: only failed, cancelled or paused jobs can be retried (enqueue the case again for a fresh job)`,
        );
      }
      const requeued = store.jobs.update(jobId, {
        status: 'queued',
        error: null,
        stopReason: null,
        finishedAt: null,
        cancelRequested: false,
        workerId: null,
      });
      queue.wake();
      queue.changed('retried');
      return requeued;
    },
    'app:jobs.setPriority'({ jobId, priority }) {
      const job = store.jobs.update(jobId, { priority });
      queue.changed('priority');
      return job;
    },

    // ---------- queue
    'app:queue.status': () => queueStatus(),
    'app:queue.pause': () => setQueue({ paused: true }, 'paused'),
    'app:queue.resume': () => setQueue({ paused: false }, 'resumed'),
    'app:queue.setConcurrency': ({ concurrency }) => setQueue({ concurrency }, 'concurrency'),

    // ---------- iterations
    'app:iterations.list': ({ jobId }) => {
      store.jobs.require(jobId);
      return { items: store.iterations.list(jobId).map(iterationSummary) };
    },
    'app:iterations.getVersion'({ jobId, index, executed }) {
      const it = store.iterations.require(jobId, index);
      const hash = executed ? it.executedHash : it.versionHash;
      if (!hash) throw new NbreviveError('not-found', `iteration ${index} of job ${jobId} kept no executed notebook (the run crashed before it was written)`);
      return { hash, notebook: notebookAt(hash).notebook };
    },
    'app:iterations.getReport'({ jobId, index }) {
      const it = store.iterations.require(jobId, index);
      return { report: it.report, verdict: it.verdict };
    },
    'app:iterations.getFix'({ jobId, index }) {
      const it = store.iterations.require(jobId, index);
      return { fix: it.fix, fixFailed: it.fixFailed };
    },
    'app:iterations.diff'({ jobId, index, against }) {
      const job = store.jobs.require(jobId);
      const it = store.iterations.require(jobId, index);
      const beforeHash =
        against === 'previous' && index > 0 ? store.iterations.require(jobId, index - 1).versionHash : store.cases.require(job.caseId).originalHash;
      const before = notebookAt(beforeHash);
      const after = notebookAt(it.versionHash);
      return {
        before: side(against === 'previous' && index > 0 ? `version ${index - 1}` : 'original', beforeHash, before.text, before.notebook),
        after: side(`version ${index}`, it.versionHash, after.text, after.notebook),
      };
    },

    // ---------- logs
    'app:logs.tail'({ jobId, limit, afterSeq }) {
      store.jobs.require(jobId);
      return { lines: store.logs.tail(jobId, { limit, ...(afterSeq !== undefined ? { afterSeq } : {}) }) };
    },

    // ---------- runtimes
    async 'app:runtimes.list'() {
      const [pythons, gpus] = await Promise.all([detectPythons(), listHostGpus()]);
      return {
        pythons: pythons.map((p) => ({ path: p.path, version: p.version, source: p.source, usable: p.usable, note: p.problem })),
        gpus: gpus.map((g) => `${g.index}: ${g.name}`),
      };
    },
    async 'app:runtimes.images'() {
      const status = await dockerStatus();
      const tags = new Set(status.images.flatMap((i) => i.tags));
      return {
        ok: status.ok,
        message: status.message,
        address: status.address,
        images: status.images.map((i) => ({ id: i.id, tags: i.tags, sizeBytes: i.sizeBytes, created: i.created.toISOString(), preset: i.preset })),
        presets: IMAGE_PRESETS.map((p) => ({
          ...p,
          present: tags.has(p.image),
          hint: p.name === 'nbrevive' ? 'nbrevive images build' : `nbrevive images pull ${p.name}`,
        })),
      };
    },
    async 'app:runtimes.check'({ runtime, python, image }) {
      if (runtime === 'local' && python) {
        const check = await checkPython(python);
        if (!check.ok) return { ok: false, message: check.message, environment: null };
        const d = await describePython(python);
        return { ok: true, message: check.message, environment: { runtime: 'local', python: d.python, pythonPath: d.executable, packages: d.packages } };
      }
      try {
        const rt = await createRuntime({ runtime, python, image });
        return { ...(await rt.check()), environment: await rt.describe() };
      } catch (e) {
        if (e instanceof NbreviveError) return { ok: false, message: e.message, environment: null };
        throw e;
      }
    },

    // ---------- settings
    'app:settings.get': () => appSettings(),
    async 'app:settings.set'(input: z.output<typeof SettingsSetInputSchema>) {
      if (input.defaults) store.settings.set(SETTINGS_KEYS.defaults, JobSettingsSchema.parse({ ...jobDefaults(), ...input.defaults }));
      if (input.llm) {
        const { apiKey, ...rest } = input.llm;
        // the key first: when the store refuses it (no keyring) the LLM settings stay as they were
        if (apiKey !== undefined) {
          await secrets.setKey(apiKey);
          // the worker gets the new key with its configuration (never through the environment)
          const q = queueSettings(store, deps.defaultConcurrency);
          queue.configure(q.concurrency, q.paused);
        }
        const next = { ...readStoredLlmSettings(store) };
        if (rest.baseUrl !== undefined) next.baseUrl = rest.baseUrl;
        if (rest.model !== undefined) next.model = rest.model;
        if (rest.budgetUsd !== undefined) next.budgetUsd = rest.budgetUsd;
        if (rest.totalBudgetUsd !== undefined) next.totalBudgetUsd = rest.totalBudgetUsd;
        if (rest.prices !== undefined) next.prices = rest.prices;
        store.settings.set(SETTINGS_KEYS.llm, next);
      }
      return appSettings();
    },

    // ---------- reviews
    'app:reviews.get': ({ jobId }) => ({ review: store.jobs.getReview(jobId) }),
    'app:reviews.set': ({ jobId, verdict, note }) => store.jobs.setReview(jobId, verdict, note),

    // ---------- exports
    async 'app:exports.notebook'({ jobId, index, path: out }) {
      if (out) {
        const { file } = await exportJob(store, jobId, out, undefined, index);
        return { path: file, content: null, count: 1 };
      }
      const { version } = jobVersions(store, jobId, index);
      return { path: null, content: JSON.stringify(version, null, 1), count: 1 };
    },
    async 'app:exports.batch'({ jobIds, dir }) {
      checkUserPath(dir, 'the export folder');
      const out = path.resolve(dir);
      for (const jobId of jobIds) {
        const job = store.jobs.require(jobId);
        await exportJob(store, jobId, path.join(out, `${job.caseId}--${job.id}.ipynb`));
      }
      const stats = corpusStats(store, jobIds.map((id) => store.jobs.require(id)));
      await writeOrReturn(path.join(out, 'report.json'), JSON.stringify(stats, null, 2), jobIds.length);
      return { path: out, content: null, count: jobIds.length };
    },
    async 'app:exports.report'({ jobIds, format, path: out }) {
      const jobs = jobsFor(jobIds);
      const stats = corpusStats(store, jobs);
      if (format === 'json') return writeOrReturn(out, JSON.stringify(stats, null, 2), jobs.length);
      const reviews = new Map(jobs.map((j) => [j.id, j.review]));
      const rows = [
        ['jobId', 'caseId', 'outcome', 'stopReason', 'iterations', 'score', 'target', 'firstErrorBefore', 'fixes', 'review', 'reviewNote'],
        ...stats.rows.map((r) => [
          r.jobId,
          r.caseId,
          r.outcome,
          r.stopReason,
          r.iterations,
          r.score,
          r.target,
          r.firstErrorBefore,
          r.fixes.join('; '),
          reviews.get(r.jobId)?.verdict ?? null,
          reviews.get(r.jobId)?.note ?? null,
        ]),
      ];
      return writeOrReturn(out, toCsv(rows), jobs.length);
    },

    // ---------- stats
    'app:stats.corpus': ({ jobIds, competition }) => corpusStats(store, jobsFor(jobIds, competition)),
  } satisfies ApiHandlers;
}

