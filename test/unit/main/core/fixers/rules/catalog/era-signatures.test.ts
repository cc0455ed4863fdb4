// Positional → keyword with the signature of the notebook's era: scikit-learn 0.18 inserted `groups` after y
// (learning_curve, cross_val_score …), so a 2015 notebook's fourth positional argument is train_sizes/scoring,
// never groups; calls whose era the date and the import do not settle are left alone.
import { describe, expect, it } from 'vitest';
import {
  eraSignature,
  SKLEARN_KEYWORD_ONLY,
  SKLEARN_POSITIONAL_HISTORY,
} from '../../../../../../../main/core/fixers/rules/catalog/signatures';
import { fix } from '../helpers';

const RULE = ['sklearn.keyword-only-arguments'];

describe('eraSignature', () => {
  const today = SKLEARN_KEYWORD_ONLY.learning_curve;
  const history = SKLEARN_POSITIONAL_HISTORY.learning_curve;

  it("names by the old order before the change, by today's after it, and refuses in between", () => {
    expect(eraSignature(today, history, '2015-06', null, 4)).toEqual({ signature: [3, 'train_sizes'] });
    expect(eraSignature(today, history, '2019', null, 4)).toEqual({ signature: [3, 'groups'] });
    expect(eraSignature(today, history, '2017-02', null, 4)).toHaveProperty('refused');
    expect(eraSignature(today, history, null, null, 4)).toHaveProperty('refused');
  });

  it('lets the module decide: sklearn.learning_curve had no groups, model_selection always had it', () => {
    expect(eraSignature(today, history, '2018-03', 'sklearn.learning_curve', 4)).toMatchObject({
      signature: [3, 'train_sizes'],
    });
    expect(eraSignature(today, history, '2017-02', 'sklearn.model_selection._validation', 4)).toMatchObject({
      signature: [3, 'groups'],
    });
    // model_selection in a notebook older than 0.18 is the catalog's own import rewrite: the date decides
    expect(eraSignature(today, history, '2015', 'sklearn.model_selection', 4)).toMatchObject({
      signature: [3, 'train_sizes'],
    });
  });

  it('accepts any era where the positions used have the same names', () => {
    // validation_curve: param_name, param_range in every era
    expect(
      eraSignature(SKLEARN_KEYWORD_ONLY.validation_curve, SKLEARN_POSITIONAL_HISTORY.validation_curve, null, null, 5),
    ).toMatchObject({ signature: [3, 'param_name', 'param_range'] });
    // no history: the table
    expect(eraSignature(SKLEARN_KEYWORD_ONLY.SelectKBest, undefined, null, null, 2)).toEqual({
      signature: SKLEARN_KEYWORD_ONLY.SelectKBest,
    });
    // the names after the call's positions are not vouched for
    expect(
      eraSignature(SKLEARN_KEYWORD_ONLY.cross_val_score, SKLEARN_POSITIONAL_HISTORY.cross_val_score, '2015', null, 5),
    ).toEqual({ signature: [3, 'scoring', 'cv'] });
  });
});

describe('sklearn.keyword-only-arguments in the notebook era', () => {
  it("a 2015 learning_curve's fourth positional argument is train_sizes, never groups", async () => {
    const source =
      'from sklearn.model_selection import learning_curve\nsizes, train, test = learning_curve(model, X, y, np.linspace(0.1, 1.0, 10), 5)\n';
    expect(await fix(source, RULE, { created: '2015-11-02' })).toBe(
      'from sklearn.model_selection import learning_curve\nsizes, train, test = learning_curve(model, X, y, train_sizes=np.linspace(0.1, 1.0, 10), cv=5)\n',
    );
  });

  it('a 2017 notebook that imports sklearn.learning_curve (0.17 API) gets train_sizes', async () => {
    const source = 'from sklearn.learning_curve import learning_curve\nlearning_curve(model, X, y, [0.5, 1.0])\n';
    expect(await fix(source, RULE, { created: '2017-05' })).toBe(
      'from sklearn.learning_curve import learning_curve\nlearning_curve(model, X, y, train_sizes=[0.5, 1.0])\n',
    );
  });

  it('a 2019 model_selection call keeps its own era meaning (groups)', async () => {
    const source = 'from sklearn.model_selection import learning_curve\nlearning_curve(model, X, y, g)\n';
    expect(await fix(source, RULE, { created: '2019-06' })).toBe(
      'from sklearn.model_selection import learning_curve\nlearning_curve(model, X, y, groups=g)\n',
    );
  });

  it('an undated notebook with an ambiguous call is left alone', async () => {
    const source =
      'from sklearn.model_selection import cross_val_score\nimport sklearn.model_selection as ms\ns = ms.cross_val_score(model, X, y, "accuracy")\n';
    // model_selection resolves the era here (it was born with groups) … but a star import does not
    expect(await fix(source, RULE, { created: null })).toBe(source.replace('y, "accuracy"', 'y, groups="accuracy"'));
    const star = 'from sklearn.model_selection import *\ns = cross_val_score(model, X, y, "accuracy")\n';
    expect(await fix(star, RULE, { created: null })).toBe(star);
    expect(await fix(star, RULE, { created: '2016' })).toBe(
      'from sklearn.model_selection import *\ns = cross_val_score(model, X, y, scoring="accuracy")\n',
    );
  });

  it('linear models: the third positional argument meant normalize (removed in 1.2), not copy_X', async () => {
    const source =
      'from sklearn.linear_model import Ridge, LinearRegression\nr = Ridge(0.5, True, True)\nlr = LinearRegression(True, True)\n';
    expect(await fix(source, RULE, { created: '2018' })).toBe(
      'from sklearn.linear_model import Ridge, LinearRegression\nr = Ridge(0.5, fit_intercept=True, normalize=True)\nlr = LinearRegression(fit_intercept=True, normalize=True)\n',
    );
  });

  it('naive Bayes: the second positional argument is fit_prior, not force_alpha (added in 1.2)', async () => {
    const source = 'from sklearn.naive_bayes import MultinomialNB\nnb = MultinomialNB(0.1, False)\n';
    expect(await fix(source, RULE, { created: '2017' })).toBe(
      'from sklearn.naive_bayes import MultinomialNB\nnb = MultinomialNB(alpha=0.1, fit_prior=False)\n',
    );
  });

  it('RFECV(est, 1, 5): cv before 0.20, refused in the year after it', async () => {
    const source = 'from sklearn.feature_selection import RFECV\nsel = RFECV(est, 1, 5)\n';
    expect(await fix(source, RULE, { created: '2017' })).toBe(
      'from sklearn.feature_selection import RFECV\nsel = RFECV(est, step=1, cv=5)\n',
    );
    expect(await fix(source, RULE, { created: '2019-01' })).toBe(source);
    expect(await fix(source, RULE, { created: '2020-06' })).toBe(
      'from sklearn.feature_selection import RFECV\nsel = RFECV(est, step=1, min_features_to_select=5)\n',
    );
  });

  it('pre-0.18 splitters (KFold(n, k)) are never named positionally: another rule rewrites them', async () => {
    const source = 'from sklearn.cross_validation import KFold\nkf = KFold(len(X), 5, True)\n';
    expect(await fix(source, RULE, { created: '2015' })).toBe(source);
  });

  it("a user's own function of the same name is left alone", async () => {
    const source = 'def learning_curve(model, X, y, sizes):\n    return sizes\nlearning_curve(m, X, y, [0.5])\n';
    expect(await fix(source, RULE, { created: '2015' })).toBe(source);
  });
});

describe('pandas.keyword-only-arguments in the notebook era', () => {
  it("read_excel's third positional argument was skiprows before 0.24", async () => {
    const source = "import pandas as pd\ndf = pd.read_excel('a.xlsx', 0, 0, 2)\n";
    expect(
      await fix(source, ['pandas.keyword-only-arguments'], { created: '2016', packages: { pandas: '2.2.3' } }),
    ).toBe("import pandas as pd\ndf = pd.read_excel('a.xlsx', 0, header=0, skiprows=2)\n");
    expect(await fix(source, ['pandas.keyword-only-arguments'], { created: null, packages: { pandas: '2.2.3' } })).toBe(
      source,
    );
  });

  it('set_axis(axis, labels) before 0.21 is left alone', async () => {
    const source = "import pandas as pd\ndf = pd.DataFrame()\ndf.set_axis(1, ['a', 'b'])\n";
    expect(
      await fix(source, ['pandas.keyword-only-arguments'], { created: '2016', packages: { pandas: '2.2.3' } }),
    ).toBe(source);
  });
});
