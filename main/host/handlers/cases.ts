// Cases: importing a path (a notebook, a case folder, a corpus folder) or an upload's bytes, and reading them back.
import { jobSummary } from '../../../shared/contracts/summaries';
import fs from 'node:fs/promises';
import path from 'node:path';
import { NbreviveError, toErrorInfo } from '../../../shared/lib/errors';
import { findCases } from '../../core/case/case-loader';
import { importCase } from '../../core/jobs/job-service';
import { removeUpload, uploadsRootFor, writeUploadChunks } from '../../core/jobs/uploads';
import type { Store } from '../../core/store';
import { caseTargets, setCaseTargets } from './case-targets';
import type { AppHandlerDependencies, FeatureHandlers } from './context';

async function importPath(store: Store, target: string, kind: 'auto' | 'notebook' | 'case' | 'corpus') {
  const abs = path.resolve(target);
  const stat = await fs.stat(abs).catch(() => null);
  if (!stat)
    throw new NbreviveError(
      'file-not-found',
      `nothing to import at ${abs}: give a notebook, a case folder or a corpus folder`,
    );
  const isCorpus =
    kind === 'corpus' ||
    (kind === 'auto' && stat.isDirectory() && !(await fs.stat(path.join(abs, 'nbrevive.case.json')).catch(() => null)));
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
}

export function caseHandlers({ store }: AppHandlerDependencies): FeatureHandlers<'cases'> {
  return {
    'app:cases.import': ({ path: target, kind }) => importPath(store, target, kind),
    async 'app:cases.upload'({ uploadId, files, finish }) {
      const written = await writeUploadChunks(uploadsRootFor(store), uploadId, files);
      const out = { uploadId: written.uploadId, root: written.dir, bytes: written.bytes, imported: null };
      if (!finish) return out;
      // the folder is imported like a dropped one: case folders, bare notebooks (data in an input/ beside them)
      const imported = await importPath(store, written.dir, 'auto');
      if (imported.cases.length === 0) {
        await removeUpload(written.dir);
        const why = imported.errors.map((e) => `${path.relative(written.dir, e.path) || '.'}: ${e.message}`).join('; ');
        throw new NbreviveError(
          imported.errors.length ? (imported.errors[0]?.code ?? 'invalid-case') : 'invalid-request',
          imported.errors.length
            ? `nothing in the upload could be imported: ${why}`
            : 'the upload holds no notebook (.ipynb) and no case folder ' +
                '(nbrevive.case.json): pick notebooks or a folder holding them',
        );
      }
      // paths in errors are shown relative to the upload: the host's folder means nothing to a browser user
      const errors = imported.errors.map((e) => ({ ...e, path: path.relative(written.dir, e.path) || '.' }));
      return { ...out, imported: { cases: imported.cases, errors } };
    },
    'app:cases.list': (input) => store.cases.list(input),
    'app:cases.get'({ caseId }) {
      const record = store.cases.require(caseId);
      return {
        summary: record,
        case: record.case,
        jobs: store.jobs.list({ caseId, limit: 200 }).items.map(jobSummary),
      };
    },
    'app:cases.targets': ({ caseIds }) => caseTargets(store, caseIds),
    'app:cases.setTargets': ({ choices }) => setCaseTargets(store, choices),
  } satisfies FeatureHandlers<'cases'>;
}
