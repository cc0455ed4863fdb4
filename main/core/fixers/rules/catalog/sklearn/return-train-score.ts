// sklearn.return-train-score — search.cv_results_['mean_train_score'] → GridSearchCV(…, return_train_score=True)
//
// Why it broke: scikit-learn 0.21 (2019-05-09), deprecated since 0.19: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v0.21.html
// Example:
//     grid_log = GridSearchCV(model_log, param_log, cv=5)
//     grid_log.fit(X_train, y_train)
//     plt.plot(Cs, grid_log.cv_results_['mean_train_score'])
//   →
//     grid_log = GridSearchCV(model_log, param_log, cv=5, return_train_score=True)
//     grid_log.fit(X_train, y_train)
//     plt.plot(Cs, grid_log.cv_results_['mean_train_score'])
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 0.21; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: searches whose training scores the notebook never reads, a return_train_score already given, and
// constructors with **kwargs.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { appendArguments, hasSplat, isParameterSet, stringContent } from '../../syntax';
import { calleeOf } from '../helpers';
import { SK, sk } from './_shared';

const SEARCHES = ['GridSearchCV', 'RandomizedSearchCV'];
/** the cv_results_ keys of training scores: mean_/std_/split<k>_train_score, rank too, per scorer name */
const TRAIN_KEY = /^(mean|std|split\d+)_train_\w+$/;

export const returnTrainScore = defineRule({
  id: 'sklearn.return-train-score',
  title: "search.cv_results_['mean_train_score'] → GridSearchCV(…, return_train_score=True)",
  kind: 'error-repair',
  library: SK,
  since: sk('0.21', '2019-05-09'),
  deprecatedIn: '0.19',
  explanation:
    'GridSearchCV and RandomizedSearchCV computed the training-fold scores by default until ' +
    "scikit-learn 0.21 (return_train_score=True before 0.19, 'warn' in 0.19–0.20); 0.21 made the " +
    'default False, so cv_results_ has no mean_train_score and reading it raises KeyError. Asking ' +
    'for them back adds the same numbers; the fits, best_params_ and best_score_ are unchanged.',
  trigger: {
    errors: [{ ename: 'KeyError', evalue: /^'(mean|std|split\d+)_train_\w+'$/ }],
    anywhere: true,
  },
  needles: ['SearchCV'],
  prepare(notebook) {
    // the names whose cv_results_ training scores some cell reads: name.cv_results_['mean_train_score']
    const read = new Set<string>();
    for (const cellIndex of notebook.codeCells) {
      if (!/_train_/.test(notebook.source(cellIndex))) continue;
      const parsed = notebook.parse(cellIndex);
      for (const subscript of parsed.nodes('subscript')) {
        const value = subscript.childForFieldName('value');
        const key = stringContent(subscript.childForFieldName('subscript'), parsed);
        if (value?.type !== 'attribute' || key === null || !TRAIN_KEY.test(key)) continue;
        const object = value.childForFieldName('object');
        const attribute = value.childForFieldName('attribute');
        if (object?.type === 'identifier' && attribute && parsed.text(attribute) === 'cv_results_')
          read.add(parsed.text(object));
      }
    }
    return read;
  },
  apply(parsed, ctx) {
    const read = ctx.state as Set<string>;
    const edits: SourceEdit[] = [];
    for (const assignment of ctx.nodes('assignment')) {
      const left = assignment.childForFieldName('left');
      const call = assignment.childForFieldName('right') as Node | null;
      if (left?.type !== 'identifier' || !read.has(parsed.text(left)) || call?.type !== 'call') continue;
      if (!calleeOf(call, parsed, ctx.imports, 'sklearn', SEARCHES) || hasSplat(call)) continue;
      if (isParameterSet(call, 'return_train_score', parsed)) continue;
      const edit = appendArguments(call, ['return_train_score=True'], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
