// A remote worker's copy of a case: every host path the bundle maps points into the worker's folder.
import { describe, expect, it } from 'vitest';
import { rewriteCase } from '../../../../main/worker/remote/case-cache';
import type { ResolvedCase } from '../../../../shared/models/case';

const hostCase: ResolvedCase = {
  id: 'titanic',
  title: 'Titanic',
  root: '/corpus/titanic',
  notebookPath: '/corpus/titanic/kernel.ipynb',
  dataDir: '/data/titanic',
  files: { 'train.csv': '/data/titanic/train.csv', 'extra.csv': '/corpus/titanic/extra/extra.csv' },
  dirs: [],
  urls: { 'https://example.org/a.csv': '/corpus/titanic/urls/a.csv' },
  score: { kind: 'submission', file: 'submission.csv', answers: '/corpus/titanic/answers.csv', metric: 'accuracy' },
  target: { value: 0.8, higherIsBetter: true },
  created: '2017',
  competition: 'titanic',
  manifest: null,
};

describe('rewriteCase', () => {
  it('maps the data folder, single files, URL copies and answers into the bundle folder', () => {
    const local = rewriteCase(
      hostCase,
      {
        '/corpus/titanic': '.',
        '/data/titanic': 'data',
        '/corpus/titanic/extra/extra.csv': 'files/0/extra.csv',
        '/corpus/titanic/urls/a.csv': 'files/1/a.csv',
        '/corpus/titanic/answers.csv': 'files/2/answers.csv',
      },
      '/cache/cases/titanic-1',
    );
    expect(local.root).toBe('/cache/cases/titanic-1');
    expect(local.notebookPath).toBe('/cache/cases/titanic-1/notebook.ipynb');
    expect(local.dataDir).toBe('/cache/cases/titanic-1/data');
    expect(local.files).toEqual({
      'train.csv': '/cache/cases/titanic-1/data/train.csv',
      'extra.csv': '/cache/cases/titanic-1/files/0/extra.csv',
    });
    expect(local.urls['https://example.org/a.csv']).toBe('/cache/cases/titanic-1/files/1/a.csv');
    expect(local.score).toMatchObject({ answers: '/cache/cases/titanic-1/files/2/answers.csv' });
    expect(local.target).toEqual(hostCase.target);
  });
});
