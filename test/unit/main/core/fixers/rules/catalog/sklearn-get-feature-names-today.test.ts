// sklearn.get-feature-names in today's stack: the old call fails there, and the rewrite prints, per class, the names
// and the type scikit-learn 0.23 printed for the same snippet (an encoder fitted on a DataFrame said 'x0_…').
import { expect } from 'vitest';
import { fixAfterError } from '../helpers';
import { describeTodaySnippets, itToday } from '../../../../../../helpers/today-snippets';
import { py } from '../../../../../../helpers/python-source';

const NO_NAMES = (cls: string) => `'${cls}' object has no attribute 'get_feature_names'`;

describeTodaySnippets("get_feature_names in today's stack", (run) => {
  itToday(
    "sklearn.get-feature-names: each class's old names and type (x0_ names for a DataFrame-fitted encoder)",
    async () => {
      const lines = {
        OneHotEncoder: 'cols = enc.get_feature_names()',
        PolynomialFeatures: 'terms = poly.get_feature_names()',
        CountVectorizer: 'words = vec.get_feature_names()',
        DictVectorizer: 'keys = dv.get_feature_names()',
      };
      const before = py`
        import pandas as pd
        from sklearn.preprocessing import OneHotEncoder, PolynomialFeatures
        from sklearn.feature_extraction.text import CountVectorizer
        from sklearn.feature_extraction import DictVectorizer
        df = pd.DataFrame({'sex': ['male', 'female', 'male'], 'port': ['S', 'C', 'Q'], 'age': [22.0, 38.0, 26.0], 'fare': [7.0, 71.0, 8.0]})
        enc = OneHotEncoder(drop='first').fit(df[['sex', 'port']])
        cols = enc.get_feature_names()
        print(type(cols).__name__, list(cols), list(enc.get_feature_names(['sex', 'port'])))
        poly = PolynomialFeatures(2).fit(df[['age', 'fare']])
        terms = poly.get_feature_names()
        print(type(terms).__name__, terms, poly.get_feature_names(['age', 'fare']))
        vec = CountVectorizer().fit(['the cat sat', 'the dog'])
        words = vec.get_feature_names()
        print(type(words).__name__, words)
        dv = DictVectorizer().fit([{1: 1.0, 2: 3.0}])
        keys = dv.get_feature_names()
        print(type(keys).__name__, keys)
      `;
      expect(run(before).out).toMatch(new RegExp(NO_NAMES('OneHotEncoder')));
      let after = before;
      for (const [cls, line] of Object.entries(lines))
        after = await fixAfterError(after, ['sklearn.get-feature-names'], ['AttributeError', NO_NAMES(cls), line]);
      after = await fixAfterError(
        after,
        ['sklearn.get-feature-names'],
        [
          'AttributeError',
          NO_NAMES('OneHotEncoder'),
          "print(type(cols).__name__, list(cols), list(enc.get_feature_names(['sex', 'port'])))",
        ],
      );
      after = await fixAfterError(
        after,
        ['sklearn.get-feature-names'],
        [
          'AttributeError',
          NO_NAMES('PolynomialFeatures'),
          "print(type(terms).__name__, terms, poly.get_feature_names(['age', 'fare']))",
        ],
      );
      expect(after).not.toMatch(/get_feature_names\(/);
      // what scikit-learn 0.23.2 printed for the same snippet (the old method was unchanged until its removal)
      expect(run(after)).toEqual({
        ok: true,
        out: [
          "ndarray ['x0_male', 'x1_Q', 'x1_S'] ['sex_male', 'port_Q', 'port_S']",
          "list ['1', 'x0', 'x1', 'x0^2', 'x0 x1', 'x1^2'] ['1', 'age', 'fare', 'age^2', 'age fare', 'fare^2']",
          "list ['cat', 'dog', 'sat', 'the']",
          'list [1, 2]',
        ].join('\n'),
      });
    },
  );
});
