// Which cell lines an error points at: the `line` of the innermost frame, and the arrow line of the cell's own frame,
// whichever way IPython printed that frame.
import { describe, expect, it } from 'vitest';
import { errorLineTexts } from '../../../../../../main/core/fixers/rules/rule-targets';
import { cellError, cellSource, fix, fixCells, TODAY_ENVIRONMENT as TODAY } from './helpers';

const CELL =
  "# comment\ndf_train['AgeFill'] = df_train['AgeFill'] \\\n    .groupby([df_train['Sex_Val'], df_train['Pclass']]) \\\n    .apply(lambda x: x.fillna(x.median()))\n";
const EVALUE = 'incompatible index of inserted column with frame index';
const INNERMOST = 'return _reindex_for_setitem(value, self.index)';
const LIBRARY_FRAME =
  '\u001b[0;32m/usr/lib/python3/dist-packages/pandas/core/frame.py\u001b[0m in \u001b[0;36m?\u001b[0;34m(self, key, value)\u001b[0m\n   4321             # set column\n\u001b[0;32m-> 4322\u001b[0;31m             \u001b[0mself\u001b[0m\u001b[0;34m.\u001b[0m\u001b[0m_set_item\u001b[0m\u001b[0;34m(\u001b[0m\u001b[0mkey\u001b[0m\u001b[0;34m,\u001b[0m \u001b[0mvalue\u001b[0m\u001b[0;34m)\u001b[0m\u001b[0;34m\u001b[0m\u001b[0;34m\u001b[0m\u001b[0m\n';

describe('errorLineTexts', () => {
  it("reads the arrow line of IPython's 'Cell In[n]' frame", () => {
    const frame = "Cell In[4], line 2\n      1 # comment\n----> 2 df_train['AgeFill'] = df_train['AgeFill'] \\\n";
    expect(errorLineTexts(cellError(0, 'TypeError', EVALUE, INNERMOST, [frame, LIBRARY_FRAME]), CELL)).toEqual([
      INNERMOST,
      "df_train['AgeFill'] = df_train['AgeFill'] \\",
    ]);
  });

  it("reads the kernel's cell file frame IPython prints for a chained exception ('…/ipykernel_1/2.py in ?()')", () => {
    const frame =
      "\u001b[0;32m/tmp/ipykernel_31974/1276578361.py\u001b[0m in \u001b[0;36m?\u001b[0;34m()\u001b[0m\n      1 # comment\n\u001b[0;32m----> 2\u001b[0;31m \u001b[0mdf_train\u001b[0m\u001b[0;34m[\u001b[0m\u001b[0;34m'AgeFill'\u001b[0m\u001b[0;34m]\u001b[0m \u001b[0;34m=\u001b[0m \u001b[0mdf_train\u001b[0m\u001b[0;34m[\u001b[0m\u001b[0;34m'AgeFill'\u001b[0m\u001b[0;34m]\u001b[0m\u001b[0;31m \u001b[0m\u001b[0;31m\\\u001b[0m\n";
    const error = cellError(0, 'TypeError', EVALUE, INNERMOST, [frame, LIBRARY_FRAME]);
    expect(errorLineTexts(error, CELL)).toEqual([INNERMOST, "df_train['AgeFill'] = df_train['AgeFill'] \\"]);
  });

  it('so a line-scoped rule edits the failing statement of such an error', async () => {
    const frame =
      "/tmp/ipykernel_31974/1276578361.py in ?()\n      1 # comment\n----> 2 df_train['AgeFill'] = df_train['AgeFill'] \\\n";
    const fixed = await fix(CELL, ['pandas.groupby-apply-group-keys'], {
      ...TODAY,
      errors: [cellError(0, 'TypeError', EVALUE, INNERMOST, [frame, LIBRARY_FRAME])],
    });
    expect(fixed).toContain("df_train['Pclass']], group_keys=False)");
  });
});

describe('the defining cell of a function that failed in another cell', () => {
  const DEF = 'def first_even(xs):\n    evens = filter(lambda x: x % 2 == 0, xs)\n    return evens[0]\n';
  const error = cellError(2, 'TypeError', "'filter' object is not subscriptable", null, [
    'Cell In[3], line 1\n----> 1 first_even([1, 2, 3])\n',
    'Cell In[2], line 3, in first_even(xs)\n      1 def first_even(xs):\n      2     evens = filter(lambda x: x % 2 == 0, xs)\n----> 3     return evens[0]\n',
  ]);

  it('is every cell that repeats the same definition (a copied cell): each is rewritten alike', async () => {
    const result = await fixCells([DEF, `import numpy as np\n\n${DEF}`, 'first_even([1, 2, 3])\n'], 'all', {
      ...TODAY,
      errors: [error],
    });
    for (const index of [0, 1])
      expect(cellSource(result, index)).toContain('evens = list(filter(lambda x: x % 2 == 0, xs))');
  });

  it('is none of them where the definitions around the line differ', async () => {
    const other = DEF.replace('def first_even(xs):', 'def first_even(xs, k=0):');
    const result = await fixCells([DEF, other, 'first_even([1, 2, 3])\n'], 'all', { ...TODAY, errors: [error] });
    expect(result.edits).toEqual([]);
  });
});
