// scoreExecution on real files: a notebook executed by the local runtime (its printed score and the submission it
// wrote), an edited version whose score cell moved, and an MLE-bench-style competition graded in the runtime's
// Python.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalRuntime } from '../../../main/core/runtime/local-runtime';
import { scoreExecution, type ScoreRequest } from '../../../main/core/scoring/score';
import { judge } from '../../../shared/lib/judge';
import { parseNotebook } from '../../../shared/lib/ipynb';
import { ScoreSpecSchema, type ScoreSpec } from '../../../shared/models/case';
import type { Notebook } from '../../../shared/models/notebook';
import { REPO_ROOT } from '../../helpers/corpus';
import { TEST_PYTHON } from '../../helpers/python';
import { bareCase } from '../../../main/core/case/case-loader';

const FIXTURES = path.join(REPO_ROOT, 'test/fixtures/scoring');
const MLEBENCH = path.join(FIXTURES, 'mlebench');
const runtime = new LocalRuntime({ python: TEST_PYTHON });

/** Executes a version of the fixture notebook in a fresh job folder; the executed notebook and its working dir. */
async function execute(notebook: Notebook, jobDir: string): Promise<{ executed: Notebook; workingDir: string }> {
  const resolved = bareCase(path.join(FIXTURES, 'score-notebook.ipynb'), null);
  fs.mkdirSync(jobDir, { recursive: true });
  const result = await runtime.execute({ notebook, case: resolved, timeoutMs: 120_000, jobDir });
  expect(result.report.status, result.report.message ?? '').toBe('ok');
  if (!result.executed) throw new Error('the runtime returned no executed notebook');
  return { executed: result.executed, workingDir: result.workingDir };
}

let tmp: string;
let original: Notebook;
let executed: Notebook;
let workingDir: string;

function request(spec: unknown, over: Partial<ScoreRequest> = {}): ScoreRequest {
  return {
    spec: ScoreSpecSchema.parse(spec),
    case: { root: FIXTURES },
    executed,
    original,
    workingDir,
    runtime,
    ...over,
  };
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-scoring-'));
  original = parseNotebook(fs.readFileSync(path.join(FIXTURES, 'score-notebook.ipynb'), 'utf8'));
  ({ executed, workingDir } = await execute(original, path.join(tmp, 'job')));
});

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('score spec output', () => {
  const spec = {
    kind: 'output',
    cellIndex: 2,
    pattern: String.raw`^validation accuracy: (\d+\.\d+)`,
    occurrence: 'last',
  };

  it('reads the score the executed notebook printed', async () => {
    expect(await scoreExecution(request(spec))).toEqual({ score: 0.8125, note: null });
    expect(
      await scoreExecution(request({ ...spec, pattern: String.raw`accuracy: (\d+\.\d+)`, occurrence: 'first' })),
    ).toEqual({
      score: 0.75,
      note: null,
    });
  });

  it('follows the score cell by id after a fix inserted a cell before it', async () => {
    const edited: Notebook = {
      ...original,
      cells: [
        ...original.cells.slice(0, 2),
        {
          id: 'inserted-by-fix',
          cell_type: 'code',
          source: "print('validation accuracy: 0.1000')",
          metadata: {},
          outputs: [],
          execution_count: null,
        },
        ...original.cells.slice(2),
      ],
    };
    const run = await execute(edited, path.join(tmp, 'edited'));
    expect(run.executed.cells[2]?.id).toBe('inserted-by-fix');
    expect(await scoreExecution(request(spec, run))).toEqual({ score: 0.8125, note: null });
  });

  it('says why there is no score when the run returned no notebook or the cell printed nothing matching', async () => {
    expect((await scoreExecution(request(spec, { executed: null }))).note).toBe(
      'the run did not return an executed notebook, so there are no outputs to read the score from',
    );
    const r = await scoreExecution(request({ ...spec, pattern: String.raw`^test accuracy: (\d+)` }));
    expect(r.score).toBeNull();
    expect(r.note).toContain('last lines: "fold accuracy: 0.75", "validation accuracy: 0.8125"');
  });
});

describe('score spec submission', () => {
  it('grades the file the notebook wrote against the answers, like sklearn', async () => {
    expect(fs.existsSync(path.join(workingDir, 'submission.csv'))).toBe(true);
    const expected = Number(
      execFileSync(
        TEST_PYTHON,
        [
          '-c',
          `import pandas as pd, sys
from sklearn.metrics import accuracy_score, f1_score
s = pd.read_csv(sys.argv[1]); a = pd.read_csv(sys.argv[2]); m = a.merge(s, on='PassengerId', suffixes=('_a', '_s'))
print(repr(accuracy_score(m['Survived_a'], m['Survived_s'])), repr(f1_score(m['Survived_a'], m['Survived_s'])))`,
          path.join(workingDir, 'submission.csv'),
          path.join(FIXTURES, 'answers.csv'),
        ],
        { encoding: 'utf8' },
      ).split(' ')[0],
    );
    const spec = { kind: 'submission', answers: 'answers.csv', metric: 'accuracy', idColumn: 'PassengerId' };
    const r = await scoreExecution(request(spec));
    expect(r.note).toBeNull();
    expect(r.score).toBeCloseTo(expected, 12);
    // absolute answers paths (what case loading produces) work the same
    expect((await scoreExecution(request({ ...spec, answers: path.join(FIXTURES, 'answers.csv') }))).score).toBe(
      r.score,
    );
  });

  it('notes a file that was not written, a missing column, an unreadable answers file', async () => {
    const base = { kind: 'submission', answers: 'answers.csv', metric: 'accuracy', idColumn: 'PassengerId' };
    expect((await scoreExecution(request({ ...base, file: 'preds.csv' }))).note).toBe(
      `the submission file preds.csv the notebook should write was not found at ${path.join(workingDir, 'preds.csv')}`,
    );
    expect((await scoreExecution(request({ ...base, targetColumns: ['Survived', 'Age'] }))).note).toBe(
      'answers.csv has no column "Age" (columns: PassengerId, Survived)',
    );
    expect((await scoreExecution(request({ ...base, answers: 'missing.csv' }))).note).toBe(
      `the answers file was not found at ${path.join(FIXTURES, 'missing.csv')}`,
    );
  });
});

describe('score spec mlebench', () => {
  const spec = {
    kind: 'mlebench',
    competition: 'toy-author-identification',
    competitionsDir: 'mlebench/competitions',
    dataDir: path.join(MLEBENCH, 'data'),
  };
  const classes = ['ada', 'bob', 'cyd'];
  const ids = ['t01', 't02', 't03', 't04', 't05', 't06', 't07', 't08'];
  const probs = ids.map((_, i) => {
    const row = [0.2 + (i % 3) * 0.1, 0.3, 0.5 - (i % 3) * 0.1];
    return row;
  });
  const writeSubmission = (rows: string[]): void =>
    fs.writeFileSync(path.join(workingDir, 'submission.csv'), `${rows.join('\n')}\n`);

  it('grades with the competition grade function in the runtime Python, rounded like mle-bench', async () => {
    // in another row order than the answers: the grader joins on id
    writeSubmission(['id,ada,bob,cyd', ...ids.map((id, i) => `${id},${(probs[i] as number[]).join(',')}`).reverse()]);
    const expected = Number(
      execFileSync(
        TEST_PYTHON,
        [
          '-c',
          `import json, sys
from sklearn.metrics import log_loss
d = json.loads(sys.argv[1]); print(repr(round(log_loss(d['y'], d['p'], labels=d['c']), 5)))`,
          JSON.stringify({ y: ['ada', 'bob', 'cyd', 'ada', 'ada', 'cyd', 'bob', 'cyd'], p: probs, c: classes }),
        ],
        { encoding: 'utf8' },
      ),
    );
    const r = await scoreExecution(request(spec));
    expect(r).toEqual({ score: expected, note: null });
    const verdict = judge({
      report: {
        status: 'ok',
        errors: [],
        scores: [r.score],
        score: r.score,
        scoreNote: r.note,
        timeoutMs: 600_000,
        message: null,
      },
      target: { value: expected },
      scoreSpecKind: 'mlebench',
    });
    expect(verdict.reproducible).toBe(true);
  });

  it('turns an invalid submission, a missing file, an unknown competition, unprepared data into notes', async () => {
    writeSubmission(['id,ada,bob', 't01,0.5,0.5']);
    expect((await scoreExecution(request(spec))).note).toBe(
      'invalid submission: expected columns id, ada, bob, cyd; got id, ada, bob',
    );
    fs.rmSync(path.join(workingDir, 'submission.csv'));
    expect((await scoreExecution(request(spec))).note).toBe(
      `the submission file ${path.join(workingDir, 'submission.csv')} was not written`,
    );
    expect((await scoreExecution(request({ ...spec, competition: 'no-such-competition' }))).note).toBe(
      `competition 'no-such-competition' has no config.yaml in ${path.join(MLEBENCH, 'competitions')}`,
    );
    expect((await scoreExecution(request({ ...spec, dataDir: tmp }))).note).toBe(
      `the answers ${path.join(tmp, 'toy-author-identification/prepared/private/test.csv')} are not prepared: run \`mlebench prepare -c toy-author-identification\` or check score.dataDir`,
    );
    const { competitionsDir: _, ...withoutDir } = spec;
    expect((await scoreExecution(request(withoutDir))).note).toBe(
      "no MLE-bench competitions folder: set score.competitionsDir to the folder holding toy-author-identification/config.yaml (mle-bench's mlebench/competitions) or install mle-bench in the runtime's Python",
    );
  });

  it('notes a runtime whose Python cannot run the grader', async () => {
    const broken = new LocalRuntime({ python: path.join(tmp, 'no-such-python') });
    const r = await scoreExecution(request(spec, { runtime: broken }));
    expect(r.score).toBeNull();
    expect(r.note).toMatch(
      /^the MLE-bench grader could not run in the runtime's Python: could not start .*no-such-python/,
    );
  });

  it('imports graders inside an mle-bench checkout the way mle-bench does (package imports)', async () => {
    // a checkout's shape: <repo>/mlebench/{grade_helpers.py, competitions/<id>/{config.yaml, grade.py}}
    const repo = path.join(tmp, 'mle-bench');
    const comp = path.join(repo, 'mlebench', 'competitions', 'toy-author-identification');
    fs.mkdirSync(comp, { recursive: true });
    fs.writeFileSync(path.join(repo, 'mlebench', '__init__.py'), '');
    fs.writeFileSync(
      path.join(repo, 'mlebench', 'grade_helpers.py'),
      'class InvalidSubmissionError(Exception):\n    pass\n',
    );
    fs.copyFileSync(
      path.join(MLEBENCH, 'competitions/toy-author-identification/config.yaml'),
      path.join(comp, 'config.yaml'),
    );
    fs.writeFileSync(
      path.join(comp, 'grade.py'),
      'from mlebench.grade_helpers import InvalidSubmissionError\n\ndef grade(submission, answers):\n' +
        '    if len(submission) != len(answers):\n        raise InvalidSubmissionError("wrong length")\n    return 0.123456789\n',
    );
    writeSubmission(['id,x', ...ids.map((id) => `${id},1`)]);
    const inCheckout = { ...spec, competitionsDir: path.join(repo, 'mlebench', 'competitions') };
    expect(await scoreExecution(request(inCheckout))).toEqual({ score: 0.12346, note: null });
    writeSubmission(['id,x', 't01,1']);
    expect((await scoreExecution(request(inCheckout))).note).toBe('invalid submission: wrong length');
  });
});

describe('score spec none', () => {
  it('has no score and nothing to say', async () => {
    const spec: ScoreSpec = { kind: 'none' };
    expect(await scoreExecution(request(spec))).toEqual({ score: null, note: null });
  });
});
