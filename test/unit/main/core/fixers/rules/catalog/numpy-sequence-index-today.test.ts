// numpy.sequence-array-index in today's stack: a Python list indexed by the one-element array np.where returns fails
// there (NumPy 1.12 made the 1.8 deprecation an error), and the rewrite prints the element NumPy < 1.12 gave.
import { expect } from 'vitest';
import { expectRepairedAfterError } from '../helpers';
import { describeTodaySnippets, itToday } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("a list indexed by a one-element array in today's stack", (run) => {
  itToday('numpy.sequence-array-index: percentiles[np.where(…)[0]] → the percentile at the one position', async () => {
    const before = py`
        import numpy as np
        percentiles = list(range(1, 100, 5))
        results = np.array([0.70, 0.74, 0.81, 0.79] + [0.5] * 16)
        optimal_percentil = np.where(results == results.max())[0]
        print('Optimal number of features:{0}'.format(percentiles[optimal_percentil]))
      `;
    // position 2 of range(1, 100, 5): what NumPy < 1.12's __index__ of array([2]) selected
    const after = await expectRepairedAfterError(
      run,
      before,
      ['numpy.sequence-array-index'],
      [
        'TypeError',
        'only integer scalar arrays can be converted to a scalar index',
        "print('Optimal number of features:{0}'.format(percentiles[optimal_percentil]))",
      ],
      {
        fails: /TypeError: only integer scalar arrays can be converted to a scalar index/,
        out: 'Optimal number of features:11',
      },
    );
    expect(after).toContain('percentiles[np.asarray(optimal_percentil).item()]');
  });

  itToday(
    'numpy.sequence-array-index: an array of the same name as a list (tuple unpacking) keeps its selection',
    async () => {
      const before = py`
        import numpy as np
        names = ['a', 'b', 'c']
        labels = ['low', 'mid', 'high']
        labels, counts = np.array(['x', 'y', 'z']), np.array([1, 5, 2])
        best = np.where(counts == counts.max())[0]
        print(names[best], labels[best])
      `;
      // NumPy < 1.12: names[array([1])] was 'b', and labels[array([1])] an array's selection, array(['y'])
      const after = await expectRepairedAfterError(
        run,
        before,
        ['numpy.sequence-array-index'],
        [
          'TypeError',
          'only integer scalar arrays can be converted to a scalar index',
          'print(names[best], labels[best])',
        ],
        { fails: /TypeError: only integer scalar arrays can be converted to a scalar index/, out: "b ['y']" },
      );
      expect(after).toContain('print(names[np.asarray(best).item()], labels[best])');
    },
  );
});
