// pandas mechanisms of 2016–2019 Kaggle kernels, in today's stack: the old snippet fails there, the rewritten one
// runs and prints what the old libraries printed.
import { expect, it } from 'vitest';
import { cellError, fix, snippetRunner as runner, TODAY_ENVIRONMENT as TODAY } from '../helpers';
import { describeToday } from '../../../../../../helpers/python';

const FRAME =
  "import pandas as pd\ndf = pd.DataFrame({'Age': [10.0, 20.0, 30.0, 70.0], 'Sex': ['m', 'f', 'm', 'f'], 'Fare': [7.0, 80.0, 30.0, 200.0]})\n";

describeToday("Kaggle kernels' pandas idioms in today's stack", (python) => {
  const run = runner(python);

  it('pandas.loc-single-value-tuple: the Titanic binning loop with trailing commas bins as pandas 1.1 did', async () => {
    const line = "    df.loc[df['Age'] <= 16, 'Age'] = 0,";
    const before = `${FRAME}for _ in [0]:\n${line}\n    df.loc[(df['Age'] > 16) & (df['Age'] <= 36), 'Age'] = 1,\n    df.loc[df['Age'] > 62, 'Age'] = 4\nprint(df['Age'].tolist())\n`;
    expect(run(before).out).toMatch(/Must have equal len keys and value when setting with an iterable/);
    const after = await fix(before, ['pandas.loc-single-value-tuple'], {
      ...TODAY,
      errors: [cellError(0, 'ValueError', 'Must have equal len keys and value when setting with an iterable', line)],
    });
    expect(run(after)).toEqual({ ok: true, out: '[0.0, 1.0, 1.0, 4.0]' });
  });
});
