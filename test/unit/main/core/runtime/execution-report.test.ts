import { describe, expect, it } from 'vitest';
import type { Notebook } from '../../../../../shared/models/notebook';
import { ExecutionTracker } from '../../../../../main/core/runtime/execution-report';
import { offendingLine } from '../../../../../shared/lib/traceback';
import { stripAnsi } from '../../../../../shared/lib/text';
import { notebookOfCells } from '../../../../helpers/notebooks';

function nb(sources: Array<[string, string]>): Notebook {
  return notebookOfCells(
    sources.map(([type, source], i) =>
      type === 'code'
        ? { cell_type: 'code', id: `c${i}`, metadata: {}, outputs: [], execution_count: null, source }
        : { cell_type: 'markdown', id: `c${i}`, metadata: {}, source },
    ),
  );
}

const notebook = nb([
  ['markdown', '# title'],
  ['code', 'import numpy as np\nx = np.float(3)'],
  ['code', 'def f(a):\n    return a.ix[0]\n'],
  ['code', 'f(df)'],
]);

describe('offendingLine', () => {
  it('reads the line from the cell source named by an IPython 8 frame (ANSI colours stripped)', () => {
    const tb = [
      '\u001b[0;31m---------------------------------------------------------------------------\u001b[0m',
      '\u001b[0;31mAttributeError\u001b[0m                            Traceback (most recent call last)',
      'Cell \u001b[0;32mIn [1], line 2\u001b[0m\n\u001b[1;32m      1\u001b[0m \u001b[38;5;28;01mimport\u001b[39;00m \u001b[38;5;21;01mnumpy\u001b[39;00m\n\u001b[0;32m----> 2\u001b[0m x \u001b[38;5;241m=\u001b[39m np\u001b[38;5;241m.\u001b[39mfloat(\u001b[38;5;241m3\u001b[39m)\n',
      "\u001b[0;31mAttributeError\u001b[0m: module 'numpy' has no attribute 'float'.",
    ];
    expect(offendingLine(tb, notebook, 1, (n) => (n === 1 ? 1 : undefined))).toBe('x = np.float(3)');
  });

  it('follows the last notebook frame into the cell that defined the failing function', () => {
    const tb = [
      'Cell In[3], line 1\n----> 1 f(df)\n',
      'Cell In[2], line 2, in f(a)\n      1 def f(a):\n----> 2     return a.ix[0]\n',
      'File /usr/lib/python3/dist-packages/pandas/core/generic.py:5902, in NDFrame.__getattr__(self, name)\n-> 5902 return object.__getattribute__(self, name)\n',
    ];
    const byCount = new Map([
      [2, 2],
      [3, 3],
    ]);
    expect(offendingLine(tb, notebook, 3, (n) => byCount.get(n))).toBe('return a.ix[0]');
  });

  it('handles IPython 7 frames and SyntaxError tracebacks', () => {
    const legacy = [
      '<ipython-input-1-5b2f3e1a9c44> in <module>\n      1 import numpy as np\n----> 2 x = np.float(3)\n',
    ];
    expect(offendingLine(legacy, notebook, 1, () => 1)).toBe('x = np.float(3)');
    // IPython 5–7 with the library's frames after the cell's: the cell's arrow, not the library's last one
    const withLibrary = [
      '<ipython-input-1-5b2f3e1a9c44> in <module>()\n----> 2 x = np.float(3)',
      '/usr/lib/python3.6/site-packages/numpy/__init__.py in __getattr__(attr)\n    300 \n--> 305     raise AttributeError(attr)',
    ];
    expect(offendingLine(withLibrary, notebook, 1, () => 1)).toBe('x = np.float(3)');
    const syntax = [
      '  Cell In [7], line 2\n    print "x"\n    ^\n',
      "SyntaxError: Missing parentheses in call to 'print'.",
    ];
    const py2 = nb([['code', 'import os\nprint "x"']]);
    expect(offendingLine(syntax, py2, 0, () => undefined)).toBe('print "x"');
  });

  it('falls back to the arrow line, or null when there is none', () => {
    expect(offendingLine(['----> 12 model.fit(X)'], notebook, 1)).toBe('model.fit(X)');
    expect(offendingLine(['KeyboardInterrupt'], notebook, 1)).toBeNull();
  });

  it('strips ANSI colour codes', () => {
    expect(stripAnsi('\u001b[0;31mValueError\u001b[0m: bad')).toBe('ValueError: bad');
  });
});

describe('ExecutionTracker', () => {
  it('builds the report from events: errors, durations, skipped cells and status', () => {
    const t = new ExecutionTracker(notebook);
    t.handle({ type: 'started', cellCount: 4, codeCellCount: 3, python: '3.11' });
    t.handle({ type: 'cell-started', cellIndex: 1, cellId: 'c1', ordinal: 1, firstLine: 'import numpy as np' });
    t.handle({
      type: 'error',
      cellIndex: 1,
      cellId: 'c1',
      ename: 'AttributeError',
      evalue: 'no float',
      traceback: ['Cell In[1], line 2'],
    });
    t.handle({ type: 'cell-finished', cellIndex: 1, cellId: 'c1', durationMs: 12, status: 'error' });
    t.handle({ type: 'cell-started', cellIndex: 2, cellId: 'c2', ordinal: 2, firstLine: 'def f(a):' });
    expect(t.runningCell?.cellIndex).toBe(2);
    const report = t.buildReport({
      wallTimeMs: 100,
      timeoutMs: 1000,
      filesWritten: ['a.csv'],
      executed: null,
      outcome: { status: 'timeout', message: 'too slow' },
    });
    expect(report).toMatchObject({
      status: 'timeout',
      message: 'too slow',
      wallTimeMs: 100,
      filesWritten: ['a.csv'],
      scores: [],
      score: null,
    });
    expect(report.errors).toEqual([
      {
        cellIndex: 1,
        cellId: 'c1',
        ename: 'AttributeError',
        evalue: 'no float',
        traceback: ['Cell In[1], line 2'],
        line: 'x = np.float(3)',
        preExisting: false,
      },
    ]);
    expect(report.cells.map((c) => [c.cellIndex, c.status])).toEqual([
      [1, 'error'],
      [2, 'skipped'],
      [3, 'skipped'],
    ]);
  });

  it('reports a run without a done event as crashed, and a done with errors as error', () => {
    const silent = new ExecutionTracker(notebook);
    expect(silent.buildReport({ wallTimeMs: 1, timeoutMs: 1, filesWritten: [], executed: null }).status).toBe(
      'crashed',
    );
    const t = new ExecutionTracker(notebook);
    t.handle({
      type: 'error',
      cellIndex: 3,
      cellId: 'c3',
      ename: 'NameError',
      evalue: "name 'df' is not defined",
      traceback: [],
    });
    t.handle({ type: 'done', status: 'error', message: null, notebook: '{}' });
    expect(t.buildReport({ wallTimeMs: 1, timeoutMs: 1, filesWritten: [], executed: null }).status).toBe('error');
  });
});
