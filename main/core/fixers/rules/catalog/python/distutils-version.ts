// python.distutils-version — distutils.version.LooseVersion / StrictVersion → packaging.version.Version
//
// Why it broke: Python 3.12 (2023-10-02), deprecated since 3.10: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.12.html
// Example:
//     from distutils.version import LooseVersion, StrictVersion
//   →
//     from packaging.version import Version as LooseVersion, Version as StrictVersion
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.12; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule, packageVersion } from '../../rule';
import { compareVersions } from '../../version';
import { type SourceEdit, replaceNode } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { py } from './_shared';

const DISTUTILS_VERSION = ['LooseVersion', 'StrictVersion'];

export const distutilsVersion = defineRule({
  id: 'python.distutils-version',
  title: 'distutils.version.LooseVersion / StrictVersion → packaging.version.Version',
  kind: 'error-repair',
  library: 'Python',
  since: py('3.12', '2023-10-02'),
  deprecatedIn: '3.10',
  explanation:
    "Python 3.12 removed distutils (PEP 632); its version classes' replacement, as the PEP says, is packaging.version (installed with matplotlib, pandas' tooling and pip). Version orders release numbers (0.18.1 < 0.20 < 1.2) as LooseVersion and StrictVersion did, which is what notebooks compare library versions with. The import keeps the notebook's name. Unlike LooseVersion, Version does not compare with a plain string: such a comparison fails loudly instead of answering differently.",
  trigger: { errors: [{ ename: 'ModuleNotFoundError', evalue: /No module named 'distutils'/ }], pattern: true },
  needles: ['distutils'],
  apply(parsed, ctx) {
    const python = packageVersion(ctx.env, 'python');
    if (python && compareVersions(python, '3.12') < 0) return [];
    const edits: SourceEdit[] = [];
    for (const statement of ctx.nodes('import_from_statement')) {
      if (parsed.text(statement.childForFieldName('module_name') as Node) !== 'distutils.version') continue;
      const items = statement.childrenForFieldName('name').map((node) =>
        node.type === 'aliased_import'
          ? {
              name: parsed.text(node.childForFieldName('name') as Node),
              local: parsed.text(node.childForFieldName('alias') as Node),
            }
          : { name: parsed.text(node), local: parsed.text(node) },
      );
      if (items.length === 0 || !items.every((i) => DISTUTILS_VERSION.includes(i.name))) continue;
      edits.push(
        replaceNode(statement, `from packaging.version import ${items.map((i) => `Version as ${i.local}`).join(', ')}`),
      );
    }
    return edits;
  },
});
