// Case manifests on a real filesystem: every corpus case loads with absolute, existing paths; bad manifests and
// missing data give exact messages; bare notebooks and corpus discovery follow the rules in case-loader.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareCase, caseIdFromFileName, findCases, loadCase } from '../../../../../main/core/case/case-loader';
import { readNotebookFile } from '../../../../../main/core/notebook/notebook-file';
import { ResolvedCaseSchema } from '../../../../../shared/models/case';
import { describeCorpus } from '../../../../helpers/corpus';
import { rejection } from '../../../../helpers/errors';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../fixtures/notebooks');
let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-case-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

let caseCount = 0;
/** A case folder with a notebook, an input/ folder with train.csv, and the given manifest. */
function makeCase(
  manifest: Record<string, unknown> | string,
  options: { input?: boolean; notebook?: string } = {},
): string {
  const dir = path.join(tmp, `case-${caseCount++}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(path.join(FIXTURES, 'floats.ipynb'), path.join(dir, options.notebook ?? 'notebook.ipynb'));
  if (options.input !== false) {
    fs.mkdirSync(path.join(dir, 'input'));
    fs.writeFileSync(path.join(dir, 'input', 'train.csv'), 'a,b\n1,2\n');
  }
  fs.writeFileSync(
    path.join(dir, 'nbrevive.case.json'),
    typeof manifest === 'string' ? manifest : JSON.stringify(manifest, null, 2),
  );
  return dir;
}

describeCorpus('loadCase: every corpus case', (corpusDir) => {
  it('findCases lists the corpus case folders', async () => {
    const cases = await findCases(corpusDir);
    const expected = fs
      .readdirSync(corpusDir)
      .filter((d) => fs.existsSync(path.join(corpusDir, d, 'nbrevive.case.json')))
      .map((d) => path.join(corpusDir, d))
      .sort();
    expect(expected.length).toBeGreaterThanOrEqual(10);
    expect(cases).toEqual(expected);
  });

  it('loads and resolves every manifest: absolute paths that exist', async () => {
    for (const dir of await findCases(corpusDir)) {
      const c = await loadCase(dir);
      expect(ResolvedCaseSchema.parse(c)).toEqual(c);
      expect(c.id).toBe(path.basename(dir));
      expect(c.root).toBe(dir);
      expect(c.notebookPath).toBe(path.join(dir, 'notebook.ipynb'));
      expect(fs.statSync(c.notebookPath).isFile()).toBe(true);
      if (c.dataDir !== null) expect(fs.statSync(c.dataDir).isDirectory(), c.id).toBe(true);
      for (const file of [...Object.values(c.files), ...Object.values(c.urls)]) {
        expect(path.isAbsolute(file)).toBe(true);
        expect(fs.statSync(file).isFile(), `${c.id}: ${file}`).toBe(true);
      }
      expect(c.target?.value, c.id).toEqual(expect.any(Number));
      expect(c.created, c.id).toMatch(/^\d{4}/);
      // the score cell of the original notebook is a code cell
      const nb = await readNotebookFile(c.notebookPath);
      if (c.score.kind === 'output') expect(nb.cells[c.score.cellIndex]?.cell_type, c.id).toBe('code');
      // the same case through its manifest path
      expect(await loadCase(path.join(dir, 'nbrevive.case.json'))).toEqual(c);
    }
  });

  it('resolves data.files, data.urls and the data folder of specific cases', async () => {
    const agconti = await loadCase(path.join(corpusDir, 'agconti-titanic'));
    expect(agconti.dataDir).toBe(path.join(corpusDir, 'agconti-titanic', 'input'));
    expect(agconti.files['data/train.csv']).toBe(path.join(corpusDir, 'agconti-titanic', 'input', 'train.csv'));
    expect(agconti.dirs).toEqual(['data/output']);
    const dat8 = await loadCase(path.join(corpusDir, 'dat8-bikeshare-exercise'));
    expect(dat8.urls['https://raw.githubusercontent.com/justmarkham/DAT8/master/data/bikeshare.csv']).toBe(
      path.join(corpusDir, 'dat8-bikeshare-exercise', 'input', 'bikeshare.csv'),
    );
    // data.dir "input" is absent, but the manifest records no data files (provenance.data: [])
    const mlcourse = await loadCase(path.join(corpusDir, 'mlcourse-topic7-pca-clustering'));
    expect(mlcourse.dataDir).toBeNull();
  });

  it('a corpus notebook given directly is a bare case scored by execution only', async () => {
    const c = await loadCase(path.join(corpusDir, 'srk-titanic-exploration', 'notebook.ipynb'));
    expect(c).toMatchObject({ id: 'notebook', score: { kind: 'none' }, target: null, manifest: null });
    expect(c.dataDir).toBe(path.join(corpusDir, 'srk-titanic-exploration', 'input'));
  });
});

describe('loadCase: bad manifests and missing data, exact messages', () => {
  const ok = { id: 'my-case', notebook: 'notebook.ipynb', data: { dir: 'input' }, score: { kind: 'none' } };

  it('nothing at the target', async () => {
    const target = path.join(tmp, 'nope');
    const e = await rejection(loadCase(target));
    expect(e.code).toBe('file-not-found');
    expect(e.message).toBe(
      `nothing found at ${target}: give a notebook (.ipynb), a case folder holding nbrevive.case.json, or the path of a nbrevive.case.json`,
    );
  });

  it('a folder without a manifest', async () => {
    const dir = path.join(tmp, 'plain-folder');
    fs.mkdirSync(dir);
    const e = await rejection(loadCase(dir));
    expect(e.code).toBe('invalid-case');
    expect(e.message).toBe(
      `${dir} is not a case folder: it has no nbrevive.case.json; give the notebook file itself, or add a nbrevive.case.json (format: see the README)`,
    );
  });

  it('missing notebook', async () => {
    const dir = makeCase({ ...ok, notebook: 'gone.ipynb' });
    const e = await rejection(loadCase(dir));
    expect(e.code).toBe('file-not-found');
    expect(e.message).toBe(
      `case my-case: its notebook ${path.join(dir, 'gone.ipynb')} does not exist; fix "notebook" in ${path.join(dir, 'nbrevive.case.json')}`,
    );
  });

  it('bad id', async () => {
    const dir = makeCase({ ...ok, id: 'My Case' });
    const e = await rejection(loadCase(dir));
    expect(e.code).toBe('invalid-case');
    expect(e.message).toBe(
      `invalid case manifest ${path.join(dir, 'nbrevive.case.json')}: id: id must be kebab-case (got "My Case")`,
    );
  });

  it('bad score kind', async () => {
    const dir = makeCase({ ...ok, score: { kind: 'accuracy' } });
    const e = await rejection(loadCase(dir));
    expect(e.message).toBe(
      `invalid case manifest ${path.join(dir, 'nbrevive.case.json')}: score.kind must be one of output, submission, mlebench, none (got "accuracy")`,
    );
  });

  it('several problems, missing fields and wrong types', async () => {
    const dir = makeCase({
      id: 'x',
      score: { kind: 'output', cellIndex: -1, pattern: 'a' },
      created: '17',
      target: { value: 'high' },
    });
    const e = await rejection(loadCase(dir));
    expect(e.message).toBe(
      `invalid case manifest ${path.join(dir, 'nbrevive.case.json')}: notebook is missing; created: created must be YYYY, YYYY-MM or YYYY-MM-DD (got "17"); ` +
        'score.cellIndex: Too small: expected number to be >=0 (got -1); target.value: expected number, received string (got "high")',
    );
  });

  it('a manifest that is not JSON', async () => {
    const dir = makeCase('{ "id": "x", }');
    const e = await rejection(loadCase(dir));
    expect(e.code).toBe('invalid-case');
    expect(e.message).toBe(
      `invalid case manifest ${path.join(dir, 'nbrevive.case.json')}: it is not valid JSON (expected a property name in double quotes, found '}' at line 1, column 14)`,
    );
  });

  it('missing data folder', async () => {
    const dir = makeCase(ok, { input: false });
    const e = await rejection(loadCase(dir));
    expect(e.code).toBe('data-missing');
    expect(e.message).toBe(
      `case my-case: its data folder ${path.join(dir, 'input')} does not exist (data.dir in ${path.join(dir, 'nbrevive.case.json')}): put the case's data files there, or give their folder with --data DIR`,
    );
    // the same case with --data pointing at a real folder loads
    const data = path.join(tmp, 'elsewhere');
    fs.mkdirSync(data);
    expect((await loadCase(dir, { dataDir: data })).dataDir).toBe(data);
  });

  it('missing mapped data file and URL copy', async () => {
    const dir = makeCase({ ...ok, data: { dir: 'input', files: { 'data/test.csv': 'input/test.csv' } } });
    const e = await rejection(loadCase(dir));
    expect(e.code).toBe('data-missing');
    expect(e.message).toBe(
      `case my-case: data.files["data/test.csv"] names ${path.join(dir, 'input', 'test.csv')}, which does not exist (nbrevive.case.json of case my-case, ${path.join(dir, 'nbrevive.case.json')}): restore the file, fix the manifest, or give a data folder that holds it with --data DIR`,
    );
    const urlCase = makeCase({ ...ok, data: { dir: 'input', urls: { 'https://example.org/a.csv': 'input/a.csv' } } });
    expect((await rejection(loadCase(urlCase))).message).toContain('data.urls["https://example.org/a.csv"] names');
  });

  it('--data that does not exist', async () => {
    const dir = makeCase(ok);
    const missing = path.join(tmp, 'no-data-here');
    const e = await rejection(loadCase(dir, { dataDir: missing }));
    expect(e.code).toBe('data-missing');
    expect(e.message).toBe(`data folder not found: ${missing} (given with --data); check the path`);
    const file = path.join(dir, 'input', 'train.csv');
    expect((await rejection(loadCase(dir, { dataDir: file }))).message).toBe(
      `${file} (given with --data) is a file, not a folder: give the folder that holds the data files`,
    );
  });

  it('missing answers file of a submission score', async () => {
    const dir = makeCase({ ...ok, score: { kind: 'submission', answers: 'answers.csv', metric: 'accuracy' } });
    const e = await rejection(loadCase(dir));
    expect(e.code).toBe('data-missing');
    expect(e.message).toBe(
      `case my-case: its answers file ${path.join(dir, 'answers.csv')} does not exist (score.answers in ${path.join(dir, 'nbrevive.case.json')}): add the file or fix the path`,
    );
  });
});

describe('loadCase: resolution rules', () => {
  it('makes submission answers and mlebench folders absolute, keeps defaults', async () => {
    const dir = makeCase({
      id: 'sub',
      notebook: 'notebook.ipynb',
      score: { kind: 'submission', answers: 'input/train.csv', metric: 'rmse' },
    });
    const c = await loadCase(path.join(dir, 'nbrevive.case.json'));
    expect(c.score).toEqual({
      kind: 'submission',
      answers: path.join(dir, 'input', 'train.csv'),
      metric: 'rmse',
      file: 'submission.csv',
    });
    // no data.dir: input/ beside the manifest is used
    expect(c.dataDir).toBe(path.join(dir, 'input'));
    expect(c.title).toBe('sub');
    const ml = makeCase({
      id: 'ml',
      notebook: 'notebook.ipynb',
      score: { kind: 'mlebench', competition: 'spooky', dataDir: '../mle-data' },
    });
    expect((await loadCase(ml)).score).toEqual({
      kind: 'mlebench',
      competition: 'spooky',
      dataDir: path.resolve(ml, '../mle-data'),
      file: 'submission.csv',
    });
  });

  it('--data replaces the data folder and the data.files inside it', async () => {
    const dir = makeCase({
      id: 'ovr',
      notebook: 'notebook.ipynb',
      data: { dir: 'input', files: { 'data/train.csv': 'input/train.csv' } },
    });
    const other = path.join(tmp, 'other-data');
    fs.mkdirSync(other);
    fs.writeFileSync(path.join(other, 'train.csv'), 'x\n');
    const c = await loadCase(dir, { dataDir: other });
    expect(c.dataDir).toBe(other);
    expect(c.files).toEqual({ 'data/train.csv': path.join(other, 'train.csv') });
  });

  it('a bare notebook: kebab id, input/ beside it, --data, or no data', async () => {
    const dir = path.join(tmp, 'bare');
    fs.mkdirSync(dir);
    const nb = path.join(dir, 'My Titanic Notebook (v2).ipynb');
    fs.copyFileSync(path.join(FIXTURES, 'floats.ipynb'), nb);
    const plain = await loadCase(nb);
    expect(plain).toEqual(bareCase(nb, null));
    expect(plain).toMatchObject({
      id: 'my-titanic-notebook-v2',
      title: 'My Titanic Notebook (v2)',
      root: dir,
      notebookPath: nb,
      dataDir: null,
      score: { kind: 'none' },
    });
    // nothing is resolved for a bare notebook: no files, folders or URLs, no target, date, competition or manifest
    expect([plain.files, plain.dirs, plain.urls]).toEqual([{}, [], {}]);
    expect([plain.target, plain.created, plain.competition, plain.manifest]).toEqual([null, null, null, null]);
    fs.mkdirSync(path.join(dir, 'input'));
    expect((await loadCase(nb)).dataDir).toBe(path.join(dir, 'input'));
    expect((await loadCase(nb, { dataDir: tmp })).dataDir).toBe(tmp);
    expect(caseIdFromFileName('XGBoostKernel.ipynb')).toBe('xgboost-kernel');
    expect(caseIdFromFileName('Données été.ipynb')).toBe('donnees-ete');
    expect(caseIdFromFileName('___.ipynb')).toBe('notebook');
  });
});

describe('findCases', () => {
  it('finds case folders at any depth and bare notebooks in folders without a manifest', async () => {
    const corpus = path.join(tmp, 'corpus');
    const caseA = path.join(corpus, 'a');
    const caseB = path.join(corpus, 'group', 'deeper', 'b');
    for (const d of [
      caseA,
      caseB,
      path.join(corpus, 'loose', '.ipynb_checkpoints'),
      path.join(corpus, 'node_modules', 'x'),
      path.join(corpus, '.git', 'y'),
    ]) {
      fs.mkdirSync(d, { recursive: true });
    }
    for (const c of [caseA, caseB]) {
      fs.writeFileSync(
        path.join(c, 'nbrevive.case.json'),
        JSON.stringify({ id: path.basename(c), notebook: 'n.ipynb' }),
      );
      fs.copyFileSync(path.join(FIXTURES, 'floats.ipynb'), path.join(c, 'n.ipynb'));
      // a notebook inside a case folder belongs to that case
      fs.copyFileSync(path.join(FIXTURES, 'floats.ipynb'), path.join(c, 'scratch.ipynb'));
    }
    for (const f of [
      'loose/one.ipynb',
      'loose/two.IPYNB',
      'loose/.ipynb_checkpoints/one-checkpoint.ipynb',
      'node_modules/x/n.ipynb',
      '.git/y/n.ipynb',
      'top.ipynb',
    ]) {
      fs.copyFileSync(path.join(FIXTURES, 'floats.ipynb'), path.join(corpus, f));
    }
    fs.writeFileSync(path.join(corpus, 'loose', 'notes.txt'), 'not a notebook');
    // a symlink back up must not loop
    fs.symlinkSync(corpus, path.join(corpus, 'group', 'loop'));
    const found = await findCases(corpus);
    expect(found).toEqual([
      caseA,
      path.join(corpus, 'group', 'deeper', 'b'),
      path.join(corpus, 'loose', 'one.ipynb'),
      path.join(corpus, 'loose', 'two.IPYNB'),
      path.join(corpus, 'top.ipynb'),
    ]);
    // every entry loads
    for (const target of found) expect((await loadCase(target)).notebookPath).toMatch(/\.ipynb$/i);
    // a case folder given as the corpus is one case
    expect(await findCases(caseA)).toEqual([caseA]);
  });

  it('bad corpus folders', async () => {
    const missing = path.join(tmp, 'missing-corpus');
    expect((await rejection(findCases(missing))).message).toBe(`corpus folder not found: ${missing} (check the path)`);
    const file = path.join(FIXTURES, 'floats.ipynb');
    expect((await rejection(findCases(file))).message).toBe(
      `${file} is a file, not a corpus folder: give a folder holding case folders or notebooks`,
    );
  });
});
