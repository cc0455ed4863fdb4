// File-system failures on export and upload come back as typed errors that say what is wrong with the path
// (issue 15, item 6), a failed export leaves no `<out>.tmp-<pid>`, `a/../b/x.ipynb` is written where it was
// created, and a refused first upload call leaves no empty uploads/u-* folder. Real SQLite, real files.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportJob } from '../../../main/core/jobs/export';
import { writeUploadChunks } from '../../../main/core/jobs/uploads';
import { NbreviveError } from '../../../shared/lib/errors';
import { makeCase, makeReport, makeVerdict, notebookText, useTempStores } from './store-fixtures';

const stores = useTempStores();

function storeWithJob() {
  const store = stores.open();
  const hash = store.blobs.put(notebookText('v0'));
  const record = store.cases.upsert(makeCase('c1'), hash);
  const job = store.jobs.create({ caseId: record.id, settings: {} });
  store.iterations.persist(
    { jobId: job.id, index: 0, report: makeReport(), verdict: makeVerdict() },
    { notebook: notebookText('v0') },
  );
  return { store, jobId: job.id, dir: path.dirname(store.path) };
}

async function failure(p: Promise<unknown>): Promise<NbreviveError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(NbreviveError);
    return e as NbreviveError;
  }
  throw new Error('expected a failure');
}

describe('export', () => {
  it('answers path mistakes with typed errors and leaves no temporary file', async () => {
    const { store, jobId, dir } = storeWithJob();
    const long = await failure(exportJob(store, jobId, path.join(dir, `${'x'.repeat(300)}.ipynb`)));
    expect(long.code).toBe('invalid-request');
    expect(long.message).toMatch(/the name is too long/);
    const folder = await failure(exportJob(store, jobId, dir));
    expect(folder.message).toMatch(/is a folder: give a file path/);
    const nul = await failure(exportJob(store, jobId, path.join(dir, 'a\0b.ipynb')));
    expect(nul.message).toMatch(/contains a NUL character/);
    const proc = await failure(exportJob(store, jobId, '/proc/self/nbrevive-export/x.ipynb'));
    expect(proc.code).toBe('invalid-request');
    expect(proc.message).toMatch(/^the export file \/proc\/self\/nbrevive-export\/x\.ipynb: /);
    fs.writeFileSync(path.join(dir, 'plain'), '');
    const underFile = await failure(exportJob(store, jobId, path.join(dir, 'plain', 'x.ipynb')));
    expect(underFile.message).toMatch(/a part of the path is a file, not a folder/);
    expect(fs.readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('writes a/../b/x.ipynb to b/x.ipynb (the folder it created), even when a does not exist', async () => {
    const { store, jobId, dir } = storeWithJob();
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const written = await exportJob(store, jobId, 'a/../b/x.ipynb');
      expect(written.file).toBe(path.join(fs.realpathSync(dir), 'b', 'x.ipynb'));
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'b', 'x.ipynb'), 'utf8')).cells).toHaveLength(1);
      expect(fs.existsSync(path.join(dir, 'a'))).toBe(false);
    } finally {
      process.chdir(cwd);
    }
  });
});

describe('upload', () => {
  const b64 = (s: string) => Buffer.from(s).toString('base64');

  it('a refused first call leaves no empty upload folder', async () => {
    const root = path.join(stores.dir(), 'uploads');
    fs.mkdirSync(root);
    await failure(writeUploadChunks(root, null, [{ path: '../escape.ipynb', base64: b64('{}'), append: false }]));
    await failure(writeUploadChunks(root, null, [{ path: 'a.ipynb', base64: b64('{}'), append: true }]));
    await failure(
      writeUploadChunks(root, null, [
        { path: 'ok.ipynb', base64: b64('{}'), append: false },
        { path: 'bad/../x', base64: '', append: false },
      ]),
    );
    // a chunk that fails half-way through a first call (a folder where a file is expected)
    const half = await failure(
      writeUploadChunks(root, null, [
        { path: 'd/n.ipynb', base64: b64('{}'), append: false },
        { path: 'd', base64: b64('{}'), append: false },
      ]),
    );
    expect(half.code).toBe('invalid-request');
    expect(half.message).toMatch(/^the uploaded file d is a folder/);
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('a name too long for the file system is a typed error naming the uploaded file', async () => {
    const root = path.join(stores.dir(), 'uploads');
    const e = await failure(
      writeUploadChunks(root, null, [{ path: `${'n'.repeat(300)}.ipynb`, base64: b64('{}'), append: false }]),
    );
    expect(e.code).toBe('invalid-request');
    expect(e.message).toMatch(/the name is too long/);
    expect(e.message).not.toContain(root);
    expect(fs.readdirSync(root)).toEqual([]);
  });
});
