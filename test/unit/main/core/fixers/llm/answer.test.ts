import { describe, expect, it } from 'vitest';
import { applyCellEdits } from '../../../../../../shared/lib/notebook-edits';
import { AnswerError, parseAnswer, validateEdits } from '../../../../../../main/core/fixers/llm/answer';
import { toPercent } from '../../../../../../main/core/fixers/llm/notebook-text';
import { cellSource } from '../../../../../../shared/lib/ipynb';
import { treeSitterSyntaxCheck } from '../../../../../../main/core/fixers/llm/python-syntax';
import { smallNotebook } from './fix-context';

const FIXED_3 =
  "train['Fare'] = train['Fare'].astype(float)\ntrain['Age'] = train['Age'].fillna(train['Age'].median())\nX = train[['Fare', 'Age']]\ny = train['Survived']";

describe('parseAnswer: cell edits JSON', () => {
  const nb = smallNotebook();
  it('reads a bare JSON object', () => {
    const parsed = parseAnswer(JSON.stringify({ plan: 'use float', edits: [{ cellIndex: 3, source: FIXED_3 }] }), nb);
    expect(parsed).toMatchObject({ format: 'cells', plan: 'use float', edits: [{ cellIndex: 3, source: FIXED_3 }] });
  });

  it('reads JSON in a fence after prose, with lines as an array and cell_index spelled differently', () => {
    const text = `Here you go:\n\`\`\`json\n${JSON.stringify({ plan: 'p', edits: [{ cell_index: 3, source: FIXED_3.split('\n') }] })}\n\`\`\``;
    expect(parseAnswer(text, nb).edits).toEqual([{ cellIndex: 3, source: FIXED_3 }]);
  });

  it('explains broken JSON and wrong shapes', () => {
    expect(() => parseAnswer('{"plan": "x", "edits": [', nb)).toThrow(AnswerError);
    expect(() => parseAnswer('{"plan": "x", "edits": [{"source": "y"}]}', nb)).toThrow(/no cellIndex/);
    expect(() => parseAnswer('I think you should use float.', nb)).toThrow(/neither a JSON object/);
  });
});

describe('parseAnswer: whole notebook (percent format)', () => {
  const nb = smallNotebook();
  it('turns the changed cell into one edit and keeps the plan', () => {
    const fixed = applyCellEdits(nb, [{ cellIndex: 3, source: FIXED_3 }]);
    const parsed = parseAnswer(`Plan: np.float is gone; use float.\n\n\`\`\`python\n${toPercent(fixed)}\n\`\`\``, nb);
    expect(parsed.format).toBe('notebook');
    expect(parsed.plan).toBe('np.float is gone; use float.');
    expect(parsed.edits).toEqual([{ cellIndex: 3, source: FIXED_3 }]);
  });

  it('appends an inserted code cell to the cell before it, deletes a dropped one and ignores markdown', () => {
    const text = toPercent(nb)
      .replace('# ## Model', '# ## A different heading')
      .replace(
        "train = pd.read_csv('../input/train.csv')\ntrain.head()",
        "train = pd.read_csv('../input/train.csv')\ntrain.head()\n\n# %%\nprint(train.shape)",
      );
    const parsed = parseAnswer(`plan\n\`\`\`\n${text}\n\`\`\``, nb);
    expect(parsed.edits).toEqual([
      { cellIndex: 2, source: "train = pd.read_csv('../input/train.csv')\ntrain.head()\n\nprint(train.shape)" },
    ]);
    expect(parsed.notes[0]).toMatch(/appended to cell 2/);
  });

  it('restores magics the model commented out the jupytext way', () => {
    const text = toPercent(applyCellEdits(nb, [{ cellIndex: 3, source: FIXED_3 }])).replace(
      '%matplotlib inline',
      '# %matplotlib inline',
    );
    const parsed = parseAnswer(`p\n\`\`\`python\n${text}\n\`\`\``, nb);
    expect(parsed.edits.map((e) => e.cellIndex)).toEqual([3]);
  });

  it('refuses a notebook that leaves out many cells', () => {
    const text = '# %%\nimport numpy as np\n';
    expect(() => parseAnswer(`p\n\`\`\`python\n${text}\n\`\`\``, nb)).toThrow(/leaves out \d+ of 4 code cells/);
  });
});

describe('validateEdits', () => {
  const nb = smallNotebook();
  it('accepts a good edit and returns the edited notebook', async () => {
    const { notebook, edits } = await validateEdits([{ cellIndex: 3, source: FIXED_3 }], nb, treeSitterSyntaxCheck);
    expect(edits).toHaveLength(1);
    expect(cellSource(notebook.cells[3]!)).toBe(FIXED_3);
  });

  it('names a missing cell, a lost magic and a no-op', async () => {
    await expect(validateEdits([{ cellIndex: 9, source: 'x' }], nb, null)).rejects.toThrow(
      /cell 9 does not exist \(the notebook has cells 0–5\)/,
    );
    await expect(validateEdits([{ cellIndex: 1, source: 'import numpy as np' }], nb, null)).rejects.toThrow(
      /keep its IPython line "%matplotlib inline"/,
    );
    await expect(validateEdits([{ cellIndex: 1, source: null }], nb, null)).rejects.toThrow(/IPython line/);
    await expect(validateEdits([{ cellIndex: 3, source: cellSource(nb.cells[3]!) }], nb, null)).rejects.toThrow(
      /changes nothing/,
    );
  });

  it('rejects code that does not parse, with the line', async () => {
    await expect(
      validateEdits([{ cellIndex: 3, source: "x = train['Fare'\ny = 2" }], nb, treeSitterSyntaxCheck),
    ).rejects.toThrow(/cell 3 is not valid Python: line \d/);
  });
});
