// SciPy's removed itemfreq, chisqprob, pinv2, binom_test, betai and sph_harm (and matplotlib's removed keywords and
// rcParams) in today's stack: the old snippet fails there, the rewritten one runs and prints what the old function
// computed (its old implementation or documented values, written out in the snippet, stand in for the old library).
import { expect } from 'vitest';
import { expectRepairedToday } from '../helpers';
import { describeTodaySnippets, itToday } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("removed SciPy functions in today's stack", (run) => {
  itToday('scipy.removed-functions: itemfreq, chisqprob and pinv2 compute what they computed', async () => {
    const setup = py`
      import numpy as np
      from scipy import stats, special
      from scipy.linalg import svd
      y = np.array([3, 1, 3, 2, 3])
      H = np.vander(np.linspace(0, 1, 12), 9)
      H[:, 0] = H[:, 1] + 1e-9 * H[:, 2]
      def old_itemfreq(a):
          items, inv = np.unique(a, return_inverse=True)
          return np.array([items, np.bincount(inv)]).T
      def old_pinv2(a, cond=None):
          u, s, vh = svd(a, full_matrices=False)
          cond = 1e6 * np.finfo(float).eps if cond is None else cond
          rank = np.sum(s > cond * np.max(s))
          u = u[:, :rank] / s[:rank]
          return np.transpose(np.conjugate(np.dot(u, vh[:rank])))
    `;
    const body = py`
      from scipy.linalg import pinv2
      f = stats.itemfreq(y)
      p = stats.chisqprob(7.5, 3)
      B = pinv2(H)
      C = pinv2(H, 1e-3)
      print(f.tolist(), f.dtype == old_itemfreq(y).dtype and (f == old_itemfreq(y)).all(), p == special.chdtrc(3, 7.5),
            np.array_equal(B, old_pinv2(H)), np.array_equal(C, old_pinv2(H, 1e-3)))
    `;
    const after = await expectRepairedToday(run, setup + body, ['scipy.removed-functions'], {
      fails: /cannot import name 'pinv2'/,
      out: '[[1, 1], [2, 1], [3, 3]] True True True True',
    });
    expect(after).not.toMatch(/stats\.itemfreq|chisqprob|import pinv2\b/);
  });
  itToday('stats.binom_test gives the p-value of scipy 1.10 again through binomtest', async () => {
    const before = py`
      from scipy import stats
      from scipy.stats import binom_test
      print(round(stats.binom_test(7, 10, 0.5), 6), round(binom_test(8, n=10, alternative='greater'), 6))
    `;
    // scipy 1.10.1 printed: 0.34375 0.054688
    await expectRepairedToday(run, before, ['scipy.removed-functions'], {
      fails: /cannot import name 'binom_test'/,
      out: '0.34375 0.054688',
    });
  });
  itToday('stats.betai and special.sph_harm compute what they computed, through betainc and sph_harm_y', async () => {
    const before = py`
      import numpy as np
      from scipy import stats, special
      from scipy.special import sph_harm
      x = np.array([0.2, 0.9, 1.5, np.nan])
      old_betai = lambda a, b, x: special.betainc(a, b, np.where(np.asarray(x) < 1.0, x, 1.0))
      p = stats.betai(2.0, 3.0, x)
      az, pol = 0.7, 1.1
      y11 = -0.5 * np.sqrt(3 / (2 * np.pi)) * np.exp(1j * az) * np.sin(pol)
      y = sph_harm(1, 1, az, pol)
      print(np.array_equal(p, old_betai(2.0, 3.0, x)), p[2], np.isclose(y, y11, rtol=1e-14, atol=0))
    `;
    const after = await expectRepairedToday(run, before, ['scipy.removed-functions'], {
      fails: /cannot import name 'sph_harm'/,
      out: 'True 1.0 True',
    });
    expect(after).not.toMatch(/\bbetai\(|sph_harm\b/);
  });
});
