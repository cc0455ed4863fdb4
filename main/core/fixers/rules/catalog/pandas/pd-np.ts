// pandas.pd-np — pd.np.X → np.X, from pandas import np → import numpy as np
//
// Why it broke: pandas 2.0 (2023-04-03), deprecated since 1.0: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v2.0.0.html
// Example:
//     x = pd.np.nan
//     from pandas import np
//   →
//     x = np.nan
//     import numpy as np
// Fix safety: Same result: the rewrite computes what the code computed before pandas 2.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { pd } from './_shared';

export const pdNp = defineRule({
  id: 'pandas.pd-np',
  title: 'pd.np.X → np.X, from pandas import np → import numpy as np',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.0',
  explanation:
    'pandas re-exported numpy as pd.np until 2.0 (deprecated in 1.0: "Import numpy directly ' +
    'instead"); pd.np.X becomes np.X and `from pandas import np` becomes `import numpy as np`.',
  trigger: {
    errors: [
      { ename: 'AttributeError', evalue: /module 'pandas' has no attribute 'np'/ },
      { ename: 'ImportError', evalue: /cannot import name 'np' from 'pandas'/ },
    ],
    pattern: true,
  },
  needles: [/\.np\b/, /from\s+pandas\s+import\b[^\n]*\bnp\b/],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    // `from pandas import np` (as a name of its own): numpy imported as that name
    for (const statement of ctx.nodes('import_from_statement')) {
      const module = statement.childForFieldName('module_name');
      if (!module || parsed.text(module) !== 'pandas') continue;
      const items = statement.childrenForFieldName('name').filter((n): n is Node => n !== null);
      const nameOf = (item: Node): string =>
        parsed.text(item.type === 'aliased_import' ? (item.childForFieldName('name') as Node) : item);
      const np = items.find((item) => nameOf(item) === 'np');
      if (!np) continue;
      const local = np.type === 'aliased_import' ? parsed.text(np.childForFieldName('alias') as Node) : 'np';
      const numpy = local === 'numpy' ? 'import numpy' : `import numpy as ${local}`;
      const rest = items.filter((item) => item !== np).map((item) => parsed.text(item));
      const indent = ' '.repeat(statement.startPosition.column);
      edits.push(
        replaceNode(statement, rest.length > 0 ? `from pandas import ${rest.join(', ')}\n${indent}${numpy}` : numpy),
      );
    }
    const uses = ctx.nodes('attribute').filter((attr) => ctx.imports.resolve(attr, parsed) === 'pandas.np');
    const np = uses.length > 0 ? ctx.requireImport('numpy', 'np') : null;
    if (!np) return edits;
    for (const attr of uses) edits.push(replaceNode(attr, np.name));
    return [...edits, ...np.edits];
  },
});
