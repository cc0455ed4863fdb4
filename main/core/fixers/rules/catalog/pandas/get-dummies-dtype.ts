// pandas.get-dummies-dtype — pd.get_dummies(…) → pd.get_dummies(…, dtype='uint8') where bool dummies break a model
//
// Why it broke: pandas 2.0 (2023-04-03): get_dummies' default dtype changed from uint8 to bool. A frame of bool
// dummies plus a float column (sm.add_constant's 'const', a numeric feature) turns into an object array, and
// statsmodels refuses it: "ValueError: Pandas data cast to numpy dtype of object. Check input data with
// np.asarray(data)."; scikit-learn's SimpleImputer refuses bool columns outright ("SimpleImputer does not support
// data with dtype bool", inside cross_val_score's "All the 5 fits failed"), and a classifier fitted on a column of
// such an array (`y = frame.values[:, 0]`: object dtype) finds no label type ("ValueError: Unknown label type:
// unknown").
// Changelog: https://pandas.pydata.org/docs/whatsnew/v2.0.0.html#other-api-changes
// Example:
//     X = sm.add_constant(pd.get_dummies(df['age_cut']))
//     fit = sm.GLM(df.wage, X).fit()
//   →
//     X = sm.add_constant(pd.get_dummies(df['age_cut'], dtype='uint8'))
//     fit = sm.GLM(df.wage, X).fit()
// Changelog: https://pandas.pydata.org/docs/whatsnew/v0.19.0.html (get_dummies returns small integers, not floats)
// Fix safety: Same result: uint8 was get_dummies' dtype from pandas 0.19 to 2.0 (float64 before 0.19.0, 2016-10-02:
// a notebook dated before that gets dtype=float, the dummies its author had; the keyword exists since 0.23), so the
// dummies hold the 0/1 values the notebook's author had; applied to every get_dummies call of the notebook once a
// run shows statsmodels refusing object data or SimpleImputer refusing bool data.
// Left alone: calls that set dtype= or pass **kwargs; a get_dummies that is not pandas' (a notebook's own function);
// on "Unknown label type: unknown" alone, a notebook dated from pandas 2.0 on (its author's dummies were bool too).
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { appendArguments, hasSplat, keywordArgument, positionalArguments } from '../../syntax';
import { isBeforeDate } from '../../version';
import { pd } from './_shared';

/** scikit-learn's type_of_target of an object array of numbers: 'unknown' */
const LABEL_TYPE = /Unknown label type: '?unknown'?/;

const PANDAS_2 = '2023-04-03';
const PANDAS_0_19 = '2016-10-02';

export const getDummiesDtype = defineRule({
  id: 'pandas.get-dummies-dtype',
  title: "pd.get_dummies(…) → pd.get_dummies(…, dtype='uint8') where bool dummies break a model",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', PANDAS_2),
  explanation:
    'pandas 2.0 changed get_dummies\' default dtype from uint8 to bool (whatsnew 2.0, "Other API ' +
    'changes"). Bool dummies next to a float column make an object array that statsmodels rejects ' +
    '("Pandas data cast to numpy dtype of object") and whose columns scikit-learn\'s classifiers take for labels ' +
    'of no known type ("Unknown label type: unknown"), and SimpleImputer rejects bool data ("SimpleImputer ' +
    "does not support data with dtype bool\"). dtype='uint8' gives back the dummies pandas 0.19–1.x made " +
    '(dtype=float, the float64 dummies of older pandas, for a notebook dated before 0.19); every pandas ' +
    'get_dummies call of the notebook gets it once a run shows the error.',
  trigger: {
    errors: [
      { ename: 'ValueError', evalue: /Pandas data cast to numpy dtype of object/ },
      { ename: 'ValueError', evalue: /SimpleImputer does not support data with dtype bool/ },
      { ename: 'ValueError', evalue: LABEL_TYPE },
    ],
    anywhere: true,
  },
  needles: ['get_dummies'],
  apply(parsed, ctx) {
    // "Unknown label type" has other causes too: only where the notebook predates bool dummies
    const labelsOnly = ctx.errors.length > 0 && ctx.errors.every((e) => LABEL_TYPE.test(e.evalue));
    if (labelsOnly && ctx.created && !isBeforeDate(ctx.created, PANDAS_2)) return [];
    // pandas before 0.19 made float64 dummies (GH8725)
    const dtype = ctx.created && isBeforeDate(ctx.created, PANDAS_0_19) ? 'dtype=float' : "dtype='uint8'";
    const edits: SourceEdit[] = [];
    for (const { node } of ctx.calls({ module: 'pandas', names: ['get_dummies'] })) {
      // dtype is get_dummies' 8th parameter: a call that reaches it by position sets it
      if (hasSplat(node) || keywordArgument(node, 'dtype', parsed) || positionalArguments(node).length >= 8) continue;
      const edit = appendArguments(node, [dtype], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
