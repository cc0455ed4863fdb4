// sklearn.get-feature-names — .get_feature_names() → list(.get_feature_names_out())
//
// Why it broke: scikit-learn 1.2 (2022-12-08), deprecated since 1.0: from this release on the old code fails or
// computes something else (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v1.2.html
// Example:
//     names = vec.get_feature_names()
//   →
//     names = list(vec.get_feature_names_out())
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 1.2; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, insertAt, replaceNode } from '../../source-edit';
import { methodName } from '../../syntax';
import { SK, sk } from './_shared';

export const getFeatureNames = defineRule({
  id: 'sklearn.get-feature-names',
  title: '.get_feature_names() → list(.get_feature_names_out())',
  kind: 'error-repair',
  library: SK,
  since: sk('1.2', '2022-12-08'),
  deprecatedIn: '1.0',
  explanation:
    'get_feature_names() was removed in 1.2; get_feature_names_out() returns ' +
    'the same names as an array, wrapped in list() to keep the old list type.',
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /object has no attribute 'get_feature_names'/ }],
    pattern: false,
  },
  needles: ['get_feature_names('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'get_feature_names') continue;
      const name = call.childForFieldName('function')?.childForFieldName('attribute');
      if (!name) continue;
      edits.push(
        insertAt(call.startIndex, 'list('),
        replaceNode(name, 'get_feature_names_out'),
        insertAt(call.endIndex, ')'),
      );
    }
    return edits;
  },
});
