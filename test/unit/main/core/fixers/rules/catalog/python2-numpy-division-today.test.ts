// python2.numpy-integer-division in today's stack: a Python 2 notebook's / on numpy integer arrays. With only its
// print statements converted, Python 3 divides truly (floats) and `/=` on an integer array fails; with the rule the
// snippet prints what NumPy's divide computed for integer inputs in Python 2, which NumPy documented as floor_divide
// (floor, not truncation: -3 / 2 was -2).
import { expect } from 'vitest';
import { fix, TODAY_ENVIRONMENT } from '../helpers';
import { describeTodaySnippets, itToday } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("Python 2's division of numpy integer arrays in today's stack", (run) => {
  itToday('python2.numpy-integer-division: floor division of integer arrays, in place too', async () => {
    const before = py`
        import numpy as np
        idx = np.arange(7)
        signed = np.array([-3, 3, 7])
        print idx / 2, signed / 2
        buckets = np.zeros(3, dtype=int) + 5
        buckets /= 2
        print buckets.tolist()
      `;
    const printsOnly = await fix(before, ['python2.print-statement'], TODAY_ENVIRONMENT);
    expect(run(printsOnly).out).toMatch(/Cannot cast ufunc 'divide' output from dtype\('float64'\)/);
    const after = await fix(before, ['python2.print-statement', 'python2.numpy-integer-division'], TODAY_ENVIRONMENT);
    expect(after).toContain('buckets //= 2');
    expect(run(after)).toEqual({ ok: true, out: '[0 0 1 1 2 2 3] [-2  1  3]\n[2, 2, 2]' });
  });
});
