// The rules engine and the rules fixer: which rule answers which problem, applyRules' edits, the catalog's listing,
// and the engine over the corpus; past a rule gap in rules-gap.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Notebook } from '../../../../../../shared/models/notebook';
import { loadCase } from '../../../../../../main/core/case/case-loader';
import { applyRules, listRules } from '../../../../../../main/core/fixers/rules/rules-engine';
import { RulesFixer } from '../../../../../../main/core/fixers/rules/rules-fixer';
import { importStatements } from '../../../../../../main/core/fixers/rules/working-notebook';
import { loadPythonParser } from '../../../../../../main/core/python/python-parser';
import { defineRule } from '../../../../../../main/core/fixers/rules/rule';
import { readNotebookFile } from '../../../../../../main/core/notebook/notebook-file';
import { describeCorpus } from '../../../../../helpers/corpus';
import { BARE_CASE, context, type RuleSpec, ruleForTest } from './fix-context';
import { cellError, cellSource, environment, notebookOf } from './helpers';

const LEGACY = [
  '%matplotlib inline\nimport numpy as np\nimport pandas as pd\nfrom sklearn.cross_validation import train_test_split\nfrom sklearn.ensemble import RandomForestClassifier\n',
  'X = df.as_matrix()\nprint "shape", X.shape  # rows, columns\n',
  'rf = RandomForestClassifier(max_depth=4)\nrf.fit(X, y.astype(np.float))\n',
];

describe('RulesFixer', () => {
  const fixer = new RulesFixer();

  it('answers an error with one fix that repairs the failing cell and every certainly-broken cell', async () => {
    const nb = notebookOf(...LEGACY);
    const fix = await fixer.propose(
      context(nb, 'error', [cellError(0, 'ModuleNotFoundError', "No module named 'sklearn.cross_validation'")]),
    );
    expect(fix).not.toBeNull();
    expect(fix?.type).toBe('error-repair');
    expect(fix?.source).toBe('rules');
    expect(fix?.ruleIds).toEqual([
      'python2.print-statement',
      'numpy.builtin-type-aliases',
      'pandas.as-matrix',
      'sklearn.model-selection-modules',
    ]);
    expect(fix?.edits.map((e) => e.cellIndex)).toEqual([0, 1, 2]);
    expect(fix?.edits[1]?.source).toBe('X = df.values\nprint("shape", X.shape)  # rows, columns\n');
    expect(fix?.plan).toContain('cell 0 (line 4)');
    expect(fix?.plan).toContain('sklearn.model-selection-modules');
    expect(fix?.signature).toBe("ModuleNotFoundError: No module named 'sklearn.cross_validation'");
    // calibration rules are not part of an error repair
    expect(fix?.edits[2]?.source).toContain('RandomForestClassifier(max_depth=4)');
  });

  it('skips excluded rules and returns null when nothing applies', async () => {
    const nb = notebookOf('import numpy as np\nx = np.float(1)\n');
    expect(await fixer.propose(context(nb, 'error', [], ['numpy.builtin-type-aliases']))).toBeNull();
    expect(
      await fixer.propose(
        context(notebookOf('x = 1\n'), 'error', [cellError(0, 'ZeroDivisionError', 'division by zero')]),
      ),
    ).toBeNull();
  });

  it('answers a timeout with runtime reductions first, then with repairs of the errors the run reached', async () => {
    const slow = notebookOf(
      'from sklearn.ensemble import RandomForestClassifier\nrf = RandomForestClassifier()\nrf.fit(X, y)\n',
    );
    const reduced = await fixer.propose(context(slow, 'timeout'));
    expect(reduced?.type).toBe('runtime-reduction');
    // nothing left to speed up, but a cell it reached failed: the error is repaired
    const nb = notebookOf('import numpy as np\nx = np.float(1)\n', 'while True:\n    pass\n');
    const error = cellError(0, 'AttributeError', "module 'numpy' has no attribute 'float'.");
    const fix = await fixer.propose(context(nb, 'timeout', [error]));
    expect(fix?.type).toBe('error-repair');
    expect(fix?.ruleIds).toEqual(['numpy.builtin-type-aliases']);
    expect(fix?.edits[0]?.source).toBe('import numpy as np\nx = float(1)\n');
    // a timeout with no error and nothing to reduce: no fix
    expect(await fixer.propose(context(notebookOf('while True:\n    pass\n'), 'timeout'))).toBeNull();
  });

  it("adds numpy's legacy scalar printing to an error repair where the run prints reprs the author's outputs lack", async () => {
    const withOutputs = (texts: string[]): Notebook => {
      const nb = notebookOf('import numpy as np\nx = np.float(1)\n', 'np.mean([1, 2])\n');
      nb.cells.forEach((cell, i) => {
        cell.id = `c${i}`;
        const text = texts[i];
        if (cell.cell_type === 'code' && text)
          cell.outputs = [
            { output_type: 'execute_result', execution_count: i + 1, metadata: {}, data: { 'text/plain': text } },
          ];
      });
      return nb;
    };
    const error = cellError(0, 'AttributeError', "module 'numpy' has no attribute 'float'.");
    const numpy2 = environment({ numpy: '2.4.6' });
    const propose = (executed: Notebook, original: Notebook, exclude: string[] = []) =>
      fixer.propose({ ...context(executed, 'error', [error], exclude), original, environment: numpy2 });
    const fix = await propose(withOutputs(['', 'np.float64(1.5)']), withOutputs(['', '1.5']));
    expect(fix?.type).toBe('error-repair');
    expect(fix?.ruleIds).toEqual(['numpy.builtin-type-aliases', 'numpy.legacy-scalar-printing']);
    expect(fix?.edits[0]?.source).toMatch(
      /^import numpy as np\nnp\.set_printoptions\(legacy='1\.25'\) .*\nx = float\(1\)\n$/,
    );
    // the author's outputs show the same reprs, the run prints none, or the rule was tried: the repair alone
    for (const [executed, original, exclude] of [
      [withOutputs(['', 'np.float64(1.5)']), withOutputs(['', 'np.float64(1.5)']), []],
      [withOutputs(['', '1.5']), withOutputs(['', '1.5']), []],
      [withOutputs(['', 'np.float64(1.5)']), withOutputs(['', '1.5']), ['numpy.legacy-scalar-printing']],
    ] as const) {
      const alone = await propose(executed, original, [...exclude]);
      expect(alone?.ruleIds).toEqual(['numpy.builtin-type-aliases']);
    }
  });

  it('answers a score deviation with score-calibration pins for an old notebook', async () => {
    const fix = await fixer.propose(context(notebookOf(...LEGACY), 'score-deviation'));
    expect(fix?.type).toBe('score-calibration');
    expect(fix?.ruleIds).toEqual(['calibrate.sklearn-forest-n-estimators']);
    expect(fix?.edits).toEqual([
      {
        cellIndex: 2,
        source: 'rf = RandomForestClassifier(max_depth=4, n_estimators=10)\nrf.fit(X, y.astype(np.float))\n',
      },
    ]);
    expect(fix?.flags).toContain('estimators');
  });

  it("answers a timeout, when nothing is left to speed up, with the era's defaults that also do less work", async () => {
    const slow = notebookOf(
      'from sklearn.model_selection import cross_val_score, GridSearchCV\nfrom sklearn.ensemble import RandomForestClassifier\nfrom sklearn.svm import SVC\n',
      'rf = RandomForestClassifier(max_depth=4, n_jobs=-1)\nprint(cross_val_score(rf, X, y, n_jobs=-1).mean())\n',
      'g = GridSearchCV(SVC(), {"C": [1, 10]}, n_jobs=-1)\ng.fit(X, y)\n',
    );
    const fix = await fixer.propose(context(slow, 'timeout'));
    expect(fix?.type).toBe('score-calibration');
    expect(fix?.ruleIds).toEqual(['calibrate.sklearn-forest-n-estimators', 'calibrate.sklearn-cv-3-folds']);
    expect(fix?.plan).toContain("The run timed out: pin the defaults of the notebook's era (2016-05)");
    expect(fix?.edits).toEqual([
      {
        cellIndex: 1,
        source:
          'rf = RandomForestClassifier(max_depth=4, n_jobs=-1, n_estimators=10)\nprint(cross_val_score(rf, X, y, n_jobs=-1, cv=3).mean())\n',
      },
      { cellIndex: 2, source: 'g = GridSearchCV(SVC(), {"C": [1, 10]}, n_jobs=-1, cv=3)\ng.fit(X, y)\n' },
    ]);
    // pins that would add work (KMeans' n_init=10 where 1.4 runs once) are not offered for a timeout
    const kmeans = notebookOf(
      'from sklearn.cluster import KMeans\nkm = KMeans(4, n_init=1).fit(X)\nKMeans(3).fit(X)\n',
    );
    expect(await fixer.propose(context(kmeans, 'timeout'))).toBeNull();
    // an undated notebook, or one written after the change, keeps today's defaults: it may have meant them
    const undated = { ...context(slow, 'timeout'), case: { ...BARE_CASE, created: null } };
    expect(await fixer.propose(undated)).toBeNull();
    const recent = { ...context(slow, 'timeout'), case: { ...BARE_CASE, created: '2021-03' } };
    expect(await fixer.propose(recent)).toBeNull();
  });

  it('answers a timeout with runtime reductions only', async () => {
    const fix = await fixer.propose(context(notebookOf(...LEGACY), 'timeout'));
    expect(fix?.type).toBe('runtime-reduction');
    expect(fix?.ruleIds).toEqual(['runtime.sklearn-parallel-jobs']);
    expect(fix?.edits[0]?.source).toContain('RandomForestClassifier(max_depth=4, n_jobs=-1)');
  });
});

describe('applyRules', () => {
  it('leaves notebooks of other languages alone', async () => {
    const nb = { ...notebookOf('print "x"\n'), metadata: { kernelspec: { name: 'ir', language: 'R' } } };
    expect((await applyRules(nb, 'all', environment())).edits).toEqual([]);
  });

  it('keeps the list-of-lines form of cell sources', async () => {
    const nb = notebookOf('');
    nb.cells[0] = { ...nb.cells[0]!, source: ['import numpy as np\n', 'x = np.int(3)\n'] };
    const result = await applyRules(nb, 'all', environment());
    expect(result.notebook.cells[0]?.source).toEqual(['import numpy as np\n', 'x = int(3)\n']);
  });

  it('refuses an edit that would introduce a syntax error', async () => {
    const broken = defineRule({
      id: 'test.broken',
      title: 'a rule with a bug',
      kind: 'error-repair',
      library: 'Python',
      since: { package: 'python', version: '3.0' },
      explanation: 'deletes a closing parenthesis (to test the syntax check)',
      trigger: { pattern: true },
      apply: (parsed) => [{ start: parsed.source.indexOf(')'), end: parsed.source.indexOf(')') + 1, text: '' }],
    });
    const result = await applyRules(notebookOf('x = f(1)\n'), 'all', environment(), { rules: [broken] });
    expect(result.edits).toEqual([]);
    expect(result.refused).toEqual([
      { ruleId: 'test.broken', cellIndex: 0, reason: 'the edit would introduce 1 syntax error(s)' },
    ]);
  });

  const testRule = (id: string, apply: RuleSpec['apply']) => ruleForTest(id, apply, { pattern: true });

  it('batches the edits of several rules per cell; a rule touching a waiting edit sees the tree after it', async () => {
    const rename = testRule('test.rename', (parsed) =>
      parsed
        .nodes('identifier')
        .filter((n) => parsed.text(n) === 'old')
        .map((n) => ({ start: n.startIndex, end: n.endIndex, text: 'new' })),
    );
    const wrap = testRule('test.wrap', (parsed) =>
      parsed
        .nodes('call')
        .filter((c) => parsed.text(c).startsWith('new('))
        .map((c) => ({ start: c.startIndex, end: c.endIndex, text: `wrap(${parsed.text(c)})` })),
    );
    const constant = testRule('test.constant', (parsed) =>
      parsed.nodes('integer').map((n) => ({ start: n.startIndex, end: n.endIndex, text: '2' })),
    );
    // wrap's needle is absent before rename runs: it gets the cell in the next pass; constant's edit waits alongside
    const result = await applyRules(notebookOf('y = old(x) + 1\n'), 'all', environment(), {
      rules: [rename, { ...wrap, needles: ['new('] }, constant],
    });
    expect(cellSource(result, 0)).toBe('y = wrap(new(x)) + 2\n');
    expect(result.ruleIds).toEqual(['test.rename', 'test.wrap', 'test.constant']);
    // a rule whose edit touches a waiting edit gets the tree with that edit applied (not `wrap(old(x))`)
    const direct = await applyRules(notebookOf('y = old(x) + 1\n'), 'all', environment(), {
      rules: [
        rename,
        testRule('test.wrap-any', (parsed) =>
          parsed.nodes('call').map((c) => ({ start: c.startIndex, end: c.endIndex, text: `wrap(${parsed.text(c)})` })),
        ),
      ],
    });
    expect(cellSource(direct, 0)).toBe('y = wrap(new(x)) + 1\n');
    expect(direct.applications.map((a) => [a.ruleId, a.lines])).toEqual([
      ['test.rename', [1]],
      ['test.wrap-any', [1]],
    ]);
  });

  it('replays a batch that would parse worse rule by rule, refusing only the faulty rule', async () => {
    const good = testRule('test.good', (parsed) =>
      parsed.nodes('integer').map((n) => ({ start: n.startIndex, end: n.endIndex, text: '2' })),
    );
    const bad = testRule('test.bad', (parsed) => [
      { start: parsed.source.indexOf(')'), end: parsed.source.indexOf(')') + 1, text: '' },
    ]);
    const result = await applyRules(notebookOf('x = f(1)\n'), 'all', environment(), { rules: [good, bad] });
    expect(cellSource(result, 0)).toBe('x = f(2)\n');
    expect(result.ruleIds).toEqual(['test.good']);
    expect(result.refused).toEqual([
      { ruleId: 'test.bad', cellIndex: 0, reason: 'the edit would introduce 1 syntax error(s)' },
    ]);
  });

  it('rejects unknown rule ids', async () => {
    await expect(applyRules(notebookOf('x = 1\n'), ['no.such-rule'], environment())).rejects.toThrow(/unknown rule id/);
  });

  it('handles magics, comments and non-ASCII across many rules at once, idempotently', async () => {
    const source =
      '%%time\n# Überblick – 😀\nimport numpy as np\nfrom sklearn.cross_validation import KFold\nkf = KFold(len(X), n_folds=5)\nfor tr, te in kf:\n    print X[tr].astype(np.float).mean(), "ü"\n!ls ../input\n';
    const once = cellSource(await applyRules(notebookOf(source), 'all', environment()), 0);
    expect(once).toBe(
      '%%time\n# Überblick – 😀\nimport numpy as np\nfrom sklearn.model_selection import KFold\nkf = KFold(n_splits=5)\nfor tr, te in kf.split(X):\n    print(X[tr].astype(float).mean(), "ü")\n!ls ../input\n',
    );
    expect((await applyRules(notebookOf(once), 'all', environment())).edits).toEqual([]);
  });

  it("reads a notebook's imports from its import statements only", () => {
    expect(importStatements('x = 1\nfrom a import (b,\n    c)  # note\n  import d.e as f; g = 2\n')).toEqual([
      'from a import (b, c)  ',
      'import d.e as f',
    ]);
  });
});

describe('listRules', () => {
  it('lists every rule with its library, version and explanation', () => {
    const rules = listRules();
    expect(rules.length).toBeGreaterThan(50);
    const cv = rules.find((r) => r.id === 'sklearn.model-selection-modules');
    expect(cv).toMatchObject({
      kind: 'error-repair',
      library: 'scikit-learn',
      since: { package: 'scikit-learn', version: '0.20' },
      deprecatedIn: '0.18',
    });
    expect(cv?.triggers.errors[0]).toContain('ModuleNotFoundError');
    expect(new Set(rules.map((r) => r.id)).size).toBe(rules.length);
  });
});

/** Cells holding each erosion tag of the corpus manifests. */
const EROSION_PATTERNS: Record<string, RegExp> = {
  'py2-implicit-relative-import': /^\s*from KaggleAux import/m,
  'matplotlib-axisbg-removed': /axisbg/,
  'np.float': /\bnp\.float\b(?!\d)/,
  'pandas-.ix': /\.ix\[/,
  'py2-print-statement': /^\s*print\s+[^\s(=]/m,
  'sklearn.cross_validation': /cross_validation/,
  "scoring='mean_squared_error'": /scoring='mean_squared_error'/,
  'needs-internet': /https?:\/\/\S+\.csv/,
  'seaborn-FacetGrid-size-kwarg-removed': /FacetGrid\([^)]*\bsize=/,
  "matplotlib-xticks-rotation-string ('90')": /rotation='\d+'/,
};

describeCorpus('rules engine on the corpus', (corpusDir) => {
  const cases = fs.readdirSync(corpusDir).filter((id) => fs.existsSync(path.join(corpusDir, id, 'nbrevive.case.json')));

  for (const id of cases) {
    it(`${id}: changes every cell holding an erosion, and the result parses`, async () => {
      const kase = await loadCase(path.join(corpusDir, id));
      const notebook = await readNotebookFile(kase.notebookPath);
      const expected = kase.manifest?.expected;
      const first = expected?.firstError;
      const errors = first ? [cellError(first.cellIndex, first.ename, first.evalue ?? '')] : [];
      const result = await applyRules(notebook, 'all', environment(), { case: kase, errors });
      const changed = new Set(result.edits.map((e) => e.cellIndex));
      for (const tag of expected?.erosion ?? []) {
        if (tag.startsWith('missing-package:')) continue;
        const key = Object.keys(EROSION_PATTERNS).find((k) => tag.startsWith(k));
        expect(key, `no pattern for erosion tag "${tag}"`).toBeDefined();
        const pattern = EROSION_PATTERNS[key as string] as RegExp;
        const holding = notebook.cells
          .map((c, i) => ({ i, c }))
          .filter(
            ({ c }) => c.cell_type === 'code' && pattern.test(Array.isArray(c.source) ? c.source.join('') : c.source),
          )
          .map(({ i }) => i);
        expect(holding.length, `no cell holds ${tag}`).toBeGreaterThan(0);
        for (const index of holding) expect(changed.has(index), `${tag}: cell ${index} unchanged`).toBe(true);
      }
      const parser = await loadPythonParser();
      for (const edit of result.edits) {
        const parsed = parser.parse(edit.source ?? '');
        expect(parsed.errorCount(), `cell ${edit.cellIndex} does not parse:\n${edit.source}`).toBe(0);
        parsed.delete();
      }
      if ((expected?.erosion ?? []).length === 0)
        expect(
          result.ruleIds.filter((r) => r.startsWith('py2.') || r.startsWith('sklearn.') || r.startsWith('pandas.')),
        ).toEqual([]);
    });
  }
});
