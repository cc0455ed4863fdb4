// sklearn.calibration-curve-normalize — calibration_curve(y, score, normalize=True) → min-max scaled score
//
// Why it broke: scikit-learn 1.3 (2023-06-30) removed calibration_curve's normalize argument (deprecated in 1.1:
// "Explicitly normalizing y_prob will reproduce this behavior"); the old call fails with TypeError: got an
// unexpected keyword argument 'normalize'.
// Changelog: https://scikit-learn.org/stable/whats_new/v1.1.html#sklearn-calibration
// Example:
//     fop, mpv = calibration_curve(y_test, scores, normalize=True, n_bins=10)
//     frac, mean = calibration_curve(y_test, probs, normalize=False)
//   →
//     fop, mpv = calibration_curve(y_test, (scores - scores.min()) / (scores.max() - scores.min()), n_bins=10)
//     frac, mean = calibration_curve(y_test, probs)
// Fix safety: Same result: with normalize=True, calibration_curve (0.16–1.2, sklearn/calibration.py) replaced
// y_prob by (y_prob - y_prob.min()) / (y_prob.max() - y_prob.min()) before binning, whatever its range;
// normalize=False was the default. A positional normalize (the third argument until 0.24) and the n_bins and
// strategy after it become keywords.
// A y_prob computed in the call (clf.decision_function(X)) is evaluated once, bound by an assignment expression
// (_y_prob := …).
// Left alone: a normalize that is not a literal True/False, a function of the notebook's own named calibration_curve.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { definesName, hasSplat, keywordArgument, positionalArguments, removeArgument } from '../../syntax';
import { SK, sk } from './_shared';

/** Was the keyword's value, or the positional argument, a literal True or False? */
function literalBool(node: Node | null, parsed: ParsedSource): boolean | null {
  const text = node ? parsed.text(node) : '';
  return text === 'True' ? true : text === 'False' ? false : null;
}

/** `p`, `res.p`, `p[:, 1]`: repeatable without running anything twice. */
function repeatable(node: Node, parsed: ParsedSource): boolean {
  if (node.type === 'identifier') return true;
  if (node.type === 'attribute') return repeatable(node.childForFieldName('object') as Node, parsed);
  if (node.type === 'subscript') {
    const value = node.childForFieldName('value');
    const literal = (n: Node): boolean =>
      ['integer', 'string', 'slice', 'unary_operator'].includes(n.type) &&
      n.descendantsOfType(['call', 'identifier']).length === 0;
    return !!value && repeatable(value, parsed) && node.childrenForFieldName('subscript').every(literal);
  }
  return false;
}

const AFTER_NORMALIZE = ['n_bins', 'strategy'];

export const calibrationCurveNormalize = defineRule({
  id: 'sklearn.calibration-curve-normalize',
  title: 'calibration_curve(y, score, normalize=True) → min-max scaled score',
  kind: 'error-repair',
  library: SK,
  since: sk('1.3', '2023-06-30'),
  deprecatedIn: '1.1',
  explanation:
    "calibration_curve's normalize argument was removed in scikit-learn 1.3 (deprecated in 1.1: " +
    '"Explicitly normalizing y_prob will reproduce this behavior"). normalize=True mapped y_prob ' +
    'linearly onto [0, 1], (y_prob - y_prob.min()) / (y_prob.max() - y_prob.min()), before ' +
    'binning: the call gets that expression as y_prob; normalize=False (the default) is dropped. ' +
    'A positional normalize (before 0.24) and the n_bins/strategy after it become keywords.',
  trigger: {
    errors: [
      { ename: 'TypeError', evalue: /unexpected keyword argument 'normalize'/ },
      { ename: 'TypeError', evalue: /calibration_curve\(\) takes 2 positional arguments/ },
    ],
    pattern: true,
  },
  needles: ['calibration_curve'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    // a calibration_curve the notebook defines itself (after importing scikit-learn's, too)
    if (ctx.notebook.codeCells.some((i) => /\bdef calibration_curve\b/.test(ctx.notebook.source(i)))) return edits;
    if (definesName(parsed, 'calibration_curve') && !ctx.imports.imports('sklearn.calibration')) return edits;
    for (const { node: call } of ctx.calls({ module: 'sklearn', names: ['calibration_curve'] })) {
      if (hasSplat(call)) continue;
      const positional = positionalArguments(call);
      const keyword = keywordArgument(call, 'normalize', parsed);
      const normalizeNode = keyword ? keyword.childForFieldName('value') : (positional[2] ?? null);
      const normalize = literalBool(normalizeNode, parsed);
      const yProb = positional[1];
      if (normalize === null || !yProb || positional.length > 5) continue;
      const callEdits: SourceEdit[] = [];
      if (normalize) {
        const p = parsed.text(yProb);
        // a call or computed expression is evaluated once, as calibration_curve did, through an assignment expression
        const scaled = repeatable(yProb, parsed)
          ? `(${p} - ${p}.min()) / (${p}.max() - ${p}.min())`
          : `((_y_prob := ${p}) - _y_prob.min()) / (_y_prob.max() - _y_prob.min())`;
        callEdits.push(replaceNode(yProb, scaled));
      }
      if (keyword) callEdits.push(removeArgument(keyword, call));
      else {
        // normalize was the third positional argument: it goes, n_bins and strategy become keywords
        const rest = positional.slice(3);
        if (rest.some((_, i) => keywordArgument(call, AFTER_NORMALIZE[i] as string, parsed))) continue;
        const third = positional[2] as Node;
        const second = positional[1] as Node;
        callEdits.push({ start: second.endIndex, end: third.endIndex, text: '' });
        rest.forEach((arg, i) => callEdits.push(replaceNode(arg, `${AFTER_NORMALIZE[i]}=${parsed.text(arg)}`)));
      }
      edits.push(...callEdits);
    }
    return edits;
  },
});
