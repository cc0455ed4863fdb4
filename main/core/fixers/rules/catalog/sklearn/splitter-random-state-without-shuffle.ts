// sklearn.splitter-random-state-without-shuffle — KFold/StratifiedKFold(random_state=r) without shuffle=True →
// random_state dropped
//
// Why it broke: scikit-learn 0.24 (2020-12-22): from this release on the old code fails or computes something else
// (the explanation below cites the release notes).
// Changelog: https://scikit-learn.org/stable/whats_new/v0.24.html
// Example:
//     skf = StratifiedKFold(n_splits=5, random_state=42)
//     kf = KFold(n_splits=5, shuffle=False, random_state=0)
//   →
//     skf = StratifiedKFold(n_splits=5)
//     kf = KFold(n_splits=5, shuffle=False)
// Fix safety: Same result: the rewrite computes what the code computed before scikit-learn 0.24; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: shuffle=True, a shuffle variable, positional arguments: left alone; a notebook's own KFold is left
// alone; not before scikit-learn 0.24.
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { hasSplat, keywordArgument, positionalArguments, removeArgument } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { SK, sk } from './_shared';

/**
 * scikit-learn 0.24: "Setting a random_state has no effect since shuffle is False. You should leave random_state
 * to its default (None), or set shuffle=True." Before, such a random_state was silently unused (the folds are the
 * data's order), so dropping it keeps the folds exactly. Splitters written the old way get here after
 * sklearn.splitter-constructors, which keeps their arguments.
 */
const UNSHUFFLED_SPLITTERS = ['KFold', 'StratifiedKFold', 'GroupKFold', 'StratifiedGroupKFold'];

export const splitterRandomStateWithoutShuffle = defineRule({
  id: 'sklearn.splitter-random-state-without-shuffle',
  title: 'KFold/StratifiedKFold(random_state=r) without shuffle=True → random_state dropped',
  kind: 'error-repair',
  library: SK,
  since: sk('0.24', '2020-12-22'),
  explanation:
    'scikit-learn 0.24 made KFold/StratifiedKFold with a random_state but shuffle=False ' +
    'raise "Setting a random_state has no effect since shuffle is False". Until then that ' +
    "random_state was ignored (unshuffled folds follow the data's order), so removing it " +
    'gives the same folds. Left alone when shuffle is set to anything but the literal False.',
  trigger: {
    errors: [{ ename: 'ValueError', evalue: /Setting a random_state has no effect since shuffle is False/ }],
    pattern: true,
  },
  needles: ['random_state'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const { node: call } of ctx.calls({ module: 'sklearn', names: UNSHUFFLED_SPLITTERS })) {
      if (hasSplat(call)) continue;
      const randomState = keywordArgument(call, 'random_state', parsed);
      if (!randomState || parsed.text(randomState.childForFieldName('value') as Node) === 'None') continue;
      const shuffle = keywordArgument(call, 'shuffle', parsed);
      // a positional shuffle (KFold(5, False, 1)) is named first by sklearn.keyword-only-arguments
      if (positionalArguments(call).length > 1) continue;
      if (shuffle && parsed.text(shuffle.childForFieldName('value') as Node) !== 'False') continue;
      edits.push(removeArgument(randomState, call));
    }
    return edits;
  },
});
