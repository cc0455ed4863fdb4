// Mechanisms of corpus16 (held-out 2016–2019 book, article and tutorial notebooks, measured before these rules were
// written): Susan Li's diabetes notebook (2017) labels the ticks of a coefficient plot with 8 feature names for 9
// ticks (range(diabetes.shape[1]) still counts the target column), which matplotlib before 3.5 drew with the ninth
// tick blank and 3.5 refuses.
import { expect, it } from 'vitest';
import { cellError, expectRepairedToday } from '../helpers';
import { describeTodaySnippets } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

describeTodaySnippets("corpus16's mechanisms in today's stack", (run) => {
  it('matplotlib.xticks-extra-labels: fewer labels than ticks are padded with blank labels, as FixedFormatter drew them', async () => {
    const before = py`
      import matplotlib
      matplotlib.use('Agg')
      import matplotlib.pyplot as plt
      names = ['Pregnancies', 'Glucose', 'BMI']
      fig = plt.figure()
      plt.plot([0.5, -0.2, 1.0, 0.1, 0.3], 'o')
      plt.xticks(range(5), names, rotation=90)
      fig.canvas.draw()
      print([t.get_text() for t in plt.gca().get_xticklabels()])
    `;
    const errors = [
      cellError(
        0,
        'ValueError',
        'The number of FixedLocator locations (5), usually from a call to set_ticks, does not match the number of labels (3).',
        'plt.xticks(range(5), names, rotation=90)',
      ),
    ];
    const after = await expectRepairedToday(
      run,
      before,
      ['matplotlib.xticks-extra-labels'],
      {
        fails:
          /The number of FixedLocator locations \(5\), usually from a call to set_ticks, does not match the number of labels \(3\)/,
        out: "['Pregnancies', 'Glucose', 'BMI', '', '']",
      },
      { errors },
    );
    expect(after).toContain("(list(names) + [''] * len(range(5)))[:len(range(5))]");
  });
});
