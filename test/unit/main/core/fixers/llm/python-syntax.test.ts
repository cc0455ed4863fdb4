import { describe, expect, it } from 'vitest';
import { pythonCompileCheck, treeSitterSyntaxCheck } from '../../../../../../main/core/fixers/llm/python-syntax';
import { TEST_PYTHON } from '../../../../../helpers/python';

const SOURCES = [
  '%matplotlib inline\nimport numpy as np\n!ls ../input\nx = np.zeros(3)',
  'def f(:\n    return 1',
  'x = [1, 2',
  '%%bash\necho hi',
];

describe('treeSitterSyntaxCheck', () => {
  it('passes valid Python with IPython lines and flags broken code', async () => {
    const results = await treeSitterSyntaxCheck(SOURCES);
    expect(results[0]).toBeNull();
    expect(results[1]).toMatch(/^line 1: missing \)/);
    expect(results[2]).toMatch(/^line 1:/);
    expect(results[3]).toBeNull();
  });
});

describe('pythonCompileCheck (the real interpreter)', () => {
  it('also catches what tree-sitter lets through: indentation and Python 2 print', async () => {
    const results = await pythonCompileCheck(TEST_PYTHON)([
      ...SOURCES,
      'for i in range(3):\nprint(i)',
      'print "hi"',
      'await f()',
    ]);
    expect(results[0]).toBeNull();
    expect(results[1]).toMatch(/^line 1:/);
    expect(results[2]).toMatch(/^line 1:/);
    expect(results[3]).toBeNull();
    expect(results[4]).toMatch(/^line 2: expected an indented block/);
    expect(results[5]).toMatch(/Missing parentheses in call to 'print'/);
    expect(results[6]).toBeNull();
  });

  it('falls back to tree-sitter when the interpreter cannot run', async () => {
    const results = await pythonCompileCheck('/nonexistent/python3')(SOURCES);
    expect(results[1]).toMatch(/missing \)/);
  });
});
