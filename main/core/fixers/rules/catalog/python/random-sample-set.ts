// python.random-sample-set — random.sample(a_set, k) → random.sample(tuple(a_set), k)
//
// Why it broke: Python 3.11 (2022-10-24), deprecated since 3.9: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.11.html
// Example:
//     seeds = random.sample(set(ids), 5)
//   →
//     seeds = random.sample(tuple(set(ids)), 5)
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.11; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, insertAt } from '../../source-edit';
import { methodName, positionalArguments, callArguments } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { py } from './_shared';

export const randomSampleSet = defineRule({
  id: 'python.random-sample-set',
  title: 'random.sample(a_set, k) → random.sample(tuple(a_set), k)',
  kind: 'error-repair',
  library: 'Python',
  since: py('3.11', '2022-10-24'),
  deprecatedIn: '3.9',
  explanation:
    'Python 3.11 stopped random.sample from accepting a set (deprecated in 3.9). Before, sample() turned ' +
    'the set into tuple(population) itself, so passing tuple(…) draws exactly the same elements for the ' +
    "same seed; the error's own hint, sorted(…), would draw different ones. Applied on the failing line.",
  trigger: { errors: [{ ename: 'TypeError', evalue: /Population must be a sequence/ }] },
  errorScope: 'line',
  needles: ['sample('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      const qualified = ctx.imports.resolve(fn, parsed);
      // random.sample or a random.Random instance's sample (rng.sample): the failing line says which failed
      const isSample =
        qualified === 'random.sample' ||
        (qualified === null && fn?.type === 'attribute' && methodName(call, parsed) === 'sample');
      const population = positionalArguments(call)[0];
      if (!isSample || !population || callArguments(call).length < 2) continue;
      if (['list', 'tuple', 'list_comprehension', 'string'].includes(population.type)) continue;
      if (
        population.type === 'call' &&
        ['tuple', 'list', 'range', 'sorted'].includes(parsed.text(population.childForFieldName('function') as Node))
      )
        continue;
      edits.push(insertAt(population.startIndex, 'tuple('), insertAt(population.endIndex, ')'));
    }
    return edits;
  },
});
