import { beforeAll, describe, expect, it } from 'vitest';
import type { Fix } from '../../../../../../shared/models/loop';
import {
  buildPrompt,
  importedModules,
  packagesText,
  tracebackText,
} from '../../../../../../main/core/fixers/llm/prompt';
import { loadTokenizer, type TokenCounter } from '../../../../../../main/core/fixers/llm/tokens';
import { cellError, code, fixContext, markdown, notebookOf, smallNotebook } from './fix-context';

let counter: TokenCounter;
beforeAll(async () => {
  counter = await loadTokenizer('o200k_base');
});

const SETTINGS = { format: 'cells' as const, contextTokens: 32_000, maxTokens: 4000, neighbourCells: 1 };

function userText(ctx = fixContext(), settings = SETTINGS): string {
  return buildPrompt(ctx, settings, counter).messages[1]!.content;
}

describe('buildPrompt: the feedback', () => {
  it('holds the traceback without ANSI codes, the date, the package versions and the fix type', () => {
    const prompt = buildPrompt(fixContext(), SETTINGS, counter);
    expect(prompt.fixType).toBe('error-repair');
    const text = prompt.messages[1]!.content;
    expect(text).not.toMatch(/\u001b/);
    expect(text).toContain("----> 3 train['Fare'] = train['Fare'].astype(np.float)");
    expect(text).toContain("AttributeError: module 'numpy' has no attribute 'float'.");
    expect(text).toContain('written around 2017-02-08');
    expect(text).toMatch(/numpy==1\.24\.2.*pandas==1\.5\.3.*scikit-learn==1\.2\.1/);
    expect(text).toContain('python 3.11.2');
    expect(prompt.messages[0]!.role).toBe('system');
  });

  it('lists other errors one line each, marks pre-existing ones, and says runtime against the limit', () => {
    const ctx = fixContext({
      errors: [
        cellError(5, 'KeyError', "'Survived'\nmore lines", 'y = train["Survived"]'),
        cellError(3, 'AttributeError', "module 'numpy' has no attribute 'float'.", 'x'),
        cellError(2, 'FileNotFoundError', 'no such file', 'pd.read_csv', true),
      ],
    });
    const text = userText(ctx);
    expect(text).toContain('## First failing cell: cell 3');
    expect(text).toContain("- cell 5: KeyError: 'Survived'\n");
    expect(text).toContain('- cell 2: FileNotFoundError: no such file (the author’s notebook had this error too)');
    expect(text).toContain('Wall time 12.3 s of a 600.0 s limit');
  });

  it('gives s_r against s_t for score calibration, and names imported packages that are not installed', () => {
    const nb = notebookOf([...smallNotebook().cells, code('import lightgbm as lgb\nimport os')]);
    const ctx = fixContext({ notebook: nb, problem: 'score-deviation', errors: [], score: 0.79 });
    const prompt = buildPrompt(ctx, SETTINGS, counter);
    expect(prompt.fixType).toBe('score-calibration');
    const text = prompt.messages[1]!.content;
    expect(text).toMatch(
      /s_r = 0\.79; target s_t = 0\.8215 \(training accuracy\), higher is better, tolerance ±10%, deviation 3\.83%/,
    );
    expect(text).toContain('NOT installed: lightgbm');
    expect(text).not.toMatch(/NOT installed:.*\bos\b/);
    expect(prompt.primaryCell).toBe(5);
  });

  it('tells the history, marking failed fixes', () => {
    const fix: Fix = {
      type: 'error-repair',
      source: 'rules',
      ruleIds: ['np-float'],
      model: null,
      plan: 'np.float → float',
      edits: [{ cellIndex: 3, source: 'x' }],
      usage: null,
      flags: [],
      signature: null,
    };
    const text = userText(fixContext({ history: [{ iteration: 1, fix, failed: true }] }));
    expect(text).toContain(
      '- iteration 1, error-repair by rules np-float, cells 3: np.float → float → FAILED: it did not help, do not repeat it',
    );
    expect(userText()).toContain('(none yet)');
  });

  it('shows the timeout problem with the slowest cells', () => {
    const ctx = fixContext({ problem: 'timeout', errors: [], status: 'timeout', wallTimeMs: 600_000 });
    const prompt = buildPrompt(ctx, SETTINGS, counter);
    expect(prompt.fixType).toBe('runtime-reduction');
    expect(prompt.messages[1]!.content).toMatch(/Slowest cells:\n\n- cell 5: 0\.6 s/);
  });
});

describe('buildPrompt: the notebook and the context budget', () => {
  /** 40 long cells around one failing cell */
  function bigNotebook() {
    const cells = [markdown('# Big'), code('import numpy as np\nimport pandas as pd')];
    for (let i = 0; i < 40; i++) {
      cells.push(
        code(Array.from({ length: 30 }, (_, k) => `feature_${i}_${k} = np.log1p(df['col_${k}']) * ${k}`).join('\n')),
      );
    }
    cells[20] = code("x = df['a'].astype(np.float)\n" + cells[20]!.source);
    return notebookOf(cells);
  }

  it('cells format: the failing cell, its neighbours and the imports in full, far cells elided', () => {
    const nb = bigNotebook();
    const ctx = fixContext({
      notebook: nb,
      errors: [
        cellError(20, 'AttributeError', "module 'numpy' has no attribute 'float'.", "x = df['a'].astype(np.float)"),
      ],
    });
    const prompt = buildPrompt(ctx, SETTINGS, counter);
    expect(prompt.shownCells).toEqual([1, 19, 20, 21]);
    const text = prompt.messages[1]!.content;
    expect(text).toContain("# %% cell 20 [code]\nx = df['a'].astype(np.float)");
    expect(text).toMatch(/# %% cell 18 \[code\] elided \(30 lines\): feature_16_0 = /);
    expect(text).toContain('# %% cells 4–16 elided (13 code, 0 other)');
    expect(text).toContain('# %% cells 24–41 elided (18 code, 0 other)');
    const whole = buildPrompt(ctx, { ...SETTINGS, format: 'notebook' }, counter);
    expect(whole.elidedCells).toEqual([]);
    expect(whole.messages[1]!.content).toContain('feature_39_29');
    // the point of cell edits: far fewer prompt tokens
    expect(whole.promptTokens / prompt.promptTokens).toBeGreaterThan(4);
  });

  it('shows the cell that defines a name the failing line uses, however far', () => {
    const nb = bigNotebook();
    nb.cells[7] = code("train = pd.read_csv('../input/train.csv')\n" + 'y = 1\n'.repeat(20));
    const ctx = fixContext({
      notebook: nb,
      errors: [cellError(30, 'AttributeError', "'DataFrame' object has no attribute 'ix'", 'x = train.ix[:, 1]')],
    });
    expect(buildPrompt(ctx, SETTINGS, counter).shownCells).toContain(7);
  });

  it('fits a small context: fewer cells in full, never more tokens than the budget', () => {
    const nb = bigNotebook();
    const ctx = fixContext({ notebook: nb, errors: [cellError(20, 'AttributeError', 'np.float', 'x')] });
    const settings = { ...SETTINGS, contextTokens: 5200, maxTokens: 2000, neighbourCells: 5 };
    const prompt = buildPrompt(ctx, settings, counter);
    expect(prompt.promptTokens).toBeLessThanOrEqual(3200);
    expect(prompt.shownCells).toContain(20);
    expect(prompt.shownCells.length).toBeLessThan(8);
  });

  it('says clearly when even the whole-notebook prompt cannot fit', () => {
    const ctx = fixContext({ notebook: bigNotebook(), errors: [cellError(20, 'AttributeError', 'np.float', 'x')] });
    expect(() =>
      buildPrompt(ctx, { ...SETTINGS, format: 'notebook', contextTokens: 8000, maxTokens: 2000 }, counter),
    ).toThrow(/needs \d+ tokens, more than the 6000 .*use the cells format/);
    expect(() => buildPrompt(ctx, { ...SETTINGS, contextTokens: 2000, maxTokens: 2000 }, counter)).toThrow(
      /leaves no room/,
    );
  });

  it('keeps the head and tail of a very long traceback', () => {
    const error = cellError(3, 'RecursionError', 'maximum recursion depth exceeded', 'f()');
    error.traceback = Array.from({ length: 500 }, (_, i) => `frame ${i}`);
    const text = tracebackText(error, 60);
    expect(text).toContain('frame 0');
    expect(text).toContain('frame 499');
    expect(text).toContain('(440 traceback lines left out)');
  });
});

describe('packages', () => {
  it('reads imports, including comma lists and from-imports', () => {
    const nb = notebookOf([code('import os, sys\nfrom sklearn.model_selection import KFold\nimport xgboost as xgb')]);
    expect(importedModules(nb)).toEqual(['os', 'sys', 'sklearn', 'xgboost']);
    expect(packagesText(fixContext({ notebook: nb }))).toContain('NOT installed: xgboost');
  });
});
