// A 2015 tutorial's bootstrap interval indexes a sorted sample with float positions, which NumPy 1.8–1.11 truncated:
// an IndexError today; with int() the same elements come back.
import { expect, it } from 'vitest';
import { fix, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("float indices in today's stack", (run) => {
  it('numpy.float-index: s[[(R+1)*alpha/2, …]] → s[[int((R+1)*alpha/2), …]]', async () => {
    const before = py`
      import numpy as np
      R = 1000
      alpha = 0.05
      s_sorted = np.arange(R) * 2
      print(s_sorted[[(R+1)*alpha/2, (R+1)*(1-alpha/2)]])
    `;
    expect(run(before).out).toMatch(/IndexError: only integers, slices/);
    const errors = [
      {
        cellIndex: 0,
        cellId: null,
        ename: 'IndexError',
        evalue:
          'only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices',
        traceback: [],
        line: 'print(s_sorted[[(R+1)*alpha/2, (R+1)*(1-alpha/2)]])',
        preExisting: false,
      },
    ];
    const after = await fix(before, ['numpy.float-index'], { ...TODAY, errors });
    expect(after).toContain('s_sorted[[int((R+1)*alpha/2), int((R+1)*(1-alpha/2))]]');
    // positions 25.025 and 975.975 truncated to 25 and 975, as NumPy 1.11 did
    expect(run(after)).toEqual({ ok: true, out: '[  50 1950]' });
  });
});
