// Grading submission tables: joining on the id, the shapes Kaggle submissions come in (one label column, one
// probability column per class, several targets) checked against sklearn, and the notes for unusable files.
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CsvTable } from '../../../../shared/lib/csv';
import { gradeSubmission } from '../../../../shared/lib/score-submission';
import { TEST_PYTHON } from '../../../helpers/python';

let seed = 42;
const rand = (): number => {
  seed = (seed * 48271) % 2147483647;
  return seed / 2147483647;
};
const n = 60;
const ids = Array.from({ length: n }, (_, i) => 1000 + i);
const classes = ['EAP', 'HPL', 'MWS'];
const labels = ids.map(() => classes[Math.floor(rand() * 3)] as string);
const probs = ids.map(() => classes.map(() => rand()));
const twoTargets = ids.map(() => [rand() * 50, rand() * 5]);
const twoPreds = twoTargets.map(([a, b]) => [(a as number) + rand() * 4 - 2, (b as number) + rand() - 0.5]);
const multilabel = ids.map(() => [rand() < 0.5 ? 1 : 0, rand() < 0.3 ? 1 : 0]);
const multilabelScores = multilabel.map((row) => row.map((v) => Math.round((v * 0.4 + rand() * 0.6) * 10) / 10));

const table = (header: string[], rows: (string | number)[][]): CsvTable => ({
  header,
  rows: rows.map((r) => r.map(String)),
});
/** the submission in another row order than the answers: the id join must line them up */
const shuffledOrder = ids.map((_, i) => i).sort((a, b) => ((a * 37) % n) - ((b * 37) % n));
const shuffle = <T>(rows: T[]): T[] => shuffledOrder.map((i) => rows[i] as T);

let ref: Record<string, number> = {};
beforeAll(() => {
  const script = `
import json, sys
from sklearn import metrics as m
d = json.load(sys.stdin)
print(json.dumps({
  'logloss_labels': m.log_loss(d['labels'], d['probs'], labels=d['classes']),
  'rmse_two': m.mean_squared_error(d['twoTargets'], d['twoPreds'], squared=False),
  'mae_two': m.mean_absolute_error(d['twoTargets'], d['twoPreds']),
  'auc_multilabel': m.roc_auc_score(d['multilabel'], d['multilabelScores']),
  'f1_multilabel': m.f1_score(d['multilabel'], [[1 if s >= 0.5 else 0 for s in r] for r in d['multilabelScores']], average='macro'),
  'accuracy_subset': m.accuracy_score(d['multilabel'], [[1 if s >= 0.5 else 0 for s in r] for r in d['multilabelScores']]),
}))`;
  const input = JSON.stringify({ labels, probs, classes, twoTargets, twoPreds, multilabel, multilabelScores });
  ref = JSON.parse(execFileSync(TEST_PYTHON, ['-c', script], { input, encoding: 'utf8' })) as Record<string, number>;
});

function expectSklearn(score: number | null, key: string): void {
  const expected = ref[key] as number;
  expect(score, key).not.toBeNull();
  expect(
    Math.abs((score as number) - expected) / Math.abs(expected),
    `${key}: ${score} vs ${expected}`,
  ).toBeLessThanOrEqual(1e-9);
}

describe('gradeSubmission against sklearn', () => {
  it('multiclass log loss from a label column and one probability column per class, joined on id', () => {
    const answers = table(
      ['id', 'author'],
      ids.map((id, i) => [id, labels[i] as string]),
    );
    const submission = table(['id', ...classes], shuffle(ids.map((id, i) => [id, ...(probs[i] as number[])])));
    const r = gradeSubmission({ submission, answers, metric: 'logloss', idColumn: 'id' });
    expect(r.note).toBeNull();
    expectSklearn(r.score, 'logloss_labels');
  });

  it('multiclass log loss from one-hot answers gives the same value', () => {
    const answers = table(
      ['id', ...classes],
      ids.map((id, i) => [id, ...classes.map((c) => (c === labels[i] ? 1 : 0))]),
    );
    const submission = table(
      ['id', ...classes],
      ids.map((id, i) => [id, ...(probs[i] as number[])]),
    );
    expectSklearn(gradeSubmission({ submission, answers, metric: 'logloss', idColumn: 'id' }).score, 'logloss_labels');
  });

  it('several regression targets: the mean of per-column errors (sklearn uniform_average)', () => {
    const answers = table(
      ['Id', 'a', 'b'],
      ids.map((id, i) => [id, ...(twoTargets[i] as number[])]),
    );
    const submission = table(
      ['Id', 'b', 'a'],
      shuffle(
        ids.map((id, i) => [`${id}.0`, (twoPreds[i] as number[])[1] as number, (twoPreds[i] as number[])[0] as number]),
      ),
    );
    expectSklearn(gradeSubmission({ submission, answers, metric: 'rmse', idColumn: 'Id' }).score, 'rmse_two');
    expectSklearn(gradeSubmission({ submission, answers, metric: 'mae', idColumn: 'Id' }).score, 'mae_two');
  });

  it('multilabel AUC, F1 (macro) and subset accuracy, in row order without an id column', () => {
    const answers = table(['x', 'y'], multilabel);
    const scored = table(['x', 'y'], multilabelScores);
    expectSklearn(gradeSubmission({ submission: scored, answers, metric: 'auc' }).score, 'auc_multilabel');
    const hard = table(
      ['x', 'y'],
      multilabelScores.map((r) => r.map((s) => (s >= 0.5 ? 'True' : 'False'))),
    );
    expectSklearn(gradeSubmission({ submission: hard, answers, metric: 'f1' }).score, 'f1_multilabel');
    expectSklearn(gradeSubmission({ submission: hard, answers, metric: 'accuracy' }).score, 'accuracy_subset');
  });
});

describe('gradeSubmission notes', () => {
  /** A PassengerId table from rows written `id,value` and parted by spaces: `passengers('892,0 893,1')`. */
  const passengers = (rows: string, column = 'Survived'): CsvTable =>
    table(
      ['PassengerId', column],
      rows.split(' ').map((row) => row.split(',')),
    );
  const answers = passengers('892,0 893,1 894,0');
  const names = { submissionName: 'submission.csv', answersName: 'answers.csv' };
  const grade = (submission: CsvTable, extra: object = {}) =>
    gradeSubmission({ submission, answers, metric: 'accuracy', idColumn: 'PassengerId', ...names, ...extra });

  it('grades Titanic-style accuracy with float predictions and ids', () => {
    expect(grade(passengers('894,0.0 892,1.0 893,1'))).toEqual({ score: 2 / 3, note: null });
  });

  it('missing column, missing ids, extra rows, duplicates, non-numbers, row counts', () => {
    expect(grade(passengers('892,0 893,1 894,0', 'Pred')).note).toBe(
      'submission.csv has no column "Survived" (columns: PassengerId, Pred)',
    );
    expect(grade(passengers('892,0 893,1')).note).toBe(
      '1 of the 3 PassengerId values in answers.csv are missing from submission.csv (first: "894")',
    );
    expect(grade(passengers('892,0 893,1 894,0 895,1')).note).toBe(
      'submission.csv has 1 rows whose PassengerId is not in answers.csv',
    );
    expect(grade(passengers('892,0 892,1 894,0')).note).toBe('submission.csv has the PassengerId "892" more than once');
    expect(grade(passengers('892,0 893,yes 894,0'), { metric: 'rmse' }).note).toBe(
      'submission.csv column "Survived" row 2: "yes" is not a number',
    );
    expect(
      gradeSubmission({
        submission: table(['Survived'], [[1]]),
        answers,
        metric: 'accuracy',
        targetColumns: ['Survived'],
        ...names,
      }).note,
    ).toBe('submission.csv has 1 rows but answers.csv has 3');
    expect(
      grade(passengers('892,0.1 893,0.2 894,0.3'), { metric: 'auc', answers: passengers('892,1 893,1 894,1') }).note,
    ).toBe('auc cannot be computed: only one class is present in the true values; ROC AUC is not defined in that case');
  });
});
