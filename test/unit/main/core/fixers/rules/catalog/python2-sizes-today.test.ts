// Python 2's integer division in count positions (linspace's num, numpy.random's sizes) in today's stack: the old
// snippet fails there, the rewritten one runs and makes the arrays Python 2 made.
import { expectRepairedToday } from '../helpers';
import { describeTodaySnippets, itToday } from '../../../../../../helpers/today-snippets';

describeTodaySnippets("python2 integer division in counts, in today's stack", (run) => {
  itToday('python2.integer-division-sizes: linspace(0, 1, n/2) and normal(0, 1, n/4) of an integer n', async () => {
    const before =
      'import numpy as np\nn = 101\nxs = np.linspace(0, 1, n/2)\nnoise = np.random.normal(0, 1, n/4)\n' +
      'idx = np.random.choice(n/3, size=n/4)\nprint(len(xs), xs[1], noise.shape, idx.shape, idx.max() < 33)\n';
    await expectRepairedToday(run, before, ['python2.integer-division-sizes'], {
      fails: /'float' object cannot be interpreted as an integer/,
      out: '50 0.02040816326530612 (25,) (25,) True',
    });
  });
});
