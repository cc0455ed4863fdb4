// numpy.warnings-module — np.warnings → warnings
//
// Why it broke: NumPy 1.24 (2022-12-18): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://numpy.org/doc/stable/release/1.24.0-notes.html
// Example:
//     import numpy as np
//     np.warnings.filterwarnings("ignore")
//   →
//     import warnings
//     import numpy as np
//     warnings.filterwarnings("ignore")
// Fix safety: Same result: the rewrite computes what the code computed before NumPy 1.24; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { insertAtCellTop } from '../helpers';
import { numpyAttributes } from './_shared';

export const warningsModule = defineRule({
  id: 'numpy.warnings-module',
  title: 'np.warnings → warnings',
  kind: 'error-repair',
  library: 'NumPy',
  since: { package: 'numpy', version: '1.24', date: '2022-12-18' },
  explanation:
    'np.warnings was the standard library warnings module leaking into the numpy ' +
    'namespace; NumPy 1.24 removed it. The rule imports warnings and uses it directly.',
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /module 'numpy' has no attribute 'warnings'/ }],
    pattern: true,
  },
  needles: ['warnings'],
  apply(parsed, ctx) {
    const uses = numpyAttributes(parsed, ctx, { warnings: 'warnings' });
    if (uses.length === 0) return [];
    const edits: SourceEdit[] = uses.map(({ node }) => replaceNode(node, 'warnings'));
    if (ctx.imports.bindings.get('warnings') !== 'warnings') edits.push(insertAtCellTop(parsed, 'import warnings'));
    return edits;
  },
});
