// seaborn.renamed-functions — sns.lvplot → sns.boxenplot
//
// Why it broke: seaborn 0.9 (2018-07-16): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://seaborn.pydata.org/whatsnew/v0.9.0.html
// Example:
//     sns.lvplot(x="a", y="b", data=df)
//   →
//     sns.boxenplot(x="a", y="b", data=df)
// Fix safety: Same result: the rewrite computes what the code computed before seaborn 0.9; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { sb, seabornFunction } from './_shared';

const RENAMED_FUNCTIONS: Record<string, string> = { lvplot: 'boxenplot' };

export const renamedFunctions = defineRule({
  id: 'seaborn.renamed-functions',
  title: 'sns.lvplot → sns.boxenplot',
  kind: 'error-repair',
  library: 'seaborn',
  since: sb('0.9', '2018-07-16'),
  explanation: 'lvplot (letter-value plot) was renamed boxenplot in seaborn 0.9.',
  trigger: {
    errors: [
      { ename: 'AttributeError', evalue: /module 'seaborn' has no attribute 'lvplot'/ },
      { ename: 'ImportError', evalue: /cannot import name 'lvplot' from 'seaborn'/ },
    ],
    pattern: true,
  },
  needles: ['lvplot'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      const name = seabornFunction(call, parsed, ctx);
      if (!name || !(name in RENAMED_FUNCTIONS) || fn?.type !== 'attribute') continue;
      edits.push(replaceNode(fn.childForFieldName('attribute') as Node, RENAMED_FUNCTIONS[name] as string));
    }
    // the function itself, not called (`plot = sns.lvplot`; `from seaborn import lvplot`): the same function renamed
    for (const attr of ctx.nodes('attribute')) {
      const q = ctx.imports.resolve(attr, parsed);
      const old = q?.startsWith('seaborn.') ? q.slice('seaborn.'.length) : null;
      if (!old || !(old in RENAMED_FUNCTIONS) || attr.parent?.type === 'call') continue;
      edits.push(replaceNode(attr.childForFieldName('attribute') as Node, RENAMED_FUNCTIONS[old] as string));
    }
    for (const statement of ctx.nodes('import_from_statement')) {
      if (parsed.text(statement.childForFieldName('module_name') as Node) !== 'seaborn') continue;
      for (const item of statement.childrenForFieldName('name')) {
        if (item?.type === 'dotted_name' && parsed.text(item) in RENAMED_FUNCTIONS)
          edits.push(replaceNode(item, `${RENAMED_FUNCTIONS[parsed.text(item)] as string} as ${parsed.text(item)}`));
        else if (item?.type === 'aliased_import') {
          const name = item.childForFieldName('name') as Node;
          if (parsed.text(name) in RENAMED_FUNCTIONS)
            edits.push(replaceNode(name, RENAMED_FUNCTIONS[parsed.text(name)] as string));
        }
      }
    }
    return edits;
  },
});
