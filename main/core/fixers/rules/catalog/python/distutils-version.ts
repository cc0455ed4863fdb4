// python.distutils-version — distutils.version.LooseVersion / StrictVersion → packaging.version.Version
//
// Why it broke: Python 3.12 (2023-10-02), deprecated since 3.10: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.12.html
// Example:
//     from distutils.version import LooseVersion, StrictVersion
//     if LooseVersion(sklearn_version) < '0.18': ...
//   →
//     from packaging.version import Version as LooseVersion, Version as StrictVersion
//     if LooseVersion(sklearn_version) < LooseVersion('0.18'): ...
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.12; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: comparisons with anything but a plain string literal (a variable, an f-string), and `in`/`is` tests.
import type { ParsedSource } from '../../../../python/python-parser';
import { type CellContext, defineRule, packageVersion } from '../../rule';
import { stringContent } from '../../syntax';
import { compareVersions } from '../../version';
import { type SourceEdit, replaceNode } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { fromImportNames } from '../helpers';
import { py } from './_shared';

const DISTUTILS_VERSION = ['LooseVersion', 'StrictVersion'];

/** Comparison operators LooseVersion answered for a plain string (`in`, `is` are not version comparisons). */
const ORDERING = new Set(['<', '<=', '>', '>=', '==', '!=']);

/** The local names of the version classes: distutils' (before the import is rewritten) and packaging's (after). */
function versionClassNames(ctx: Pick<CellContext, 'imports'>): string[] {
  const names: string[] = [];
  for (const [local, target] of ctx.imports.bindings)
    if (DISTUTILS_VERSION.some((n) => target === `distutils.version.${n}`) || target === 'packaging.version.Version')
      names.push(local);
  return names;
}

/**
 * `LooseVersion(v) < '0.18'`: LooseVersion parsed a plain string operand itself; packaging's Version refuses it
 * ("'<' not supported between instances of 'Version' and 'str'"), so the literal is given the same class.
 */
function stringOperandEdits(parsed: ParsedSource, ctx: CellContext): SourceEdit[] {
  const edits: SourceEdit[] = [];
  const calls = [
    ...ctx.calls({ module: 'distutils.version', names: DISTUTILS_VERSION }),
    ...ctx.calls({ module: 'packaging.version', names: ['Version'] }),
  ];
  const comparisons = new Map<number, { comparison: Node; fn: string }>();
  for (const { node } of calls) {
    const comparison = node.parent;
    if (comparison?.type !== 'comparison_operator') continue;
    const fn = node.childForFieldName('function');
    if (!fn || fn.type !== 'identifier') continue;
    const operators = comparison.children.filter((c) => !c.isNamed).map((c) => parsed.text(c));
    if (operators.length === 0 || !operators.every((op) => ORDERING.has(op))) continue;
    comparisons.set(comparison.startIndex, { comparison, fn: parsed.text(fn) });
  }
  for (const { comparison, fn } of comparisons.values())
    for (const operand of comparison.namedChildren)
      if (stringContent(operand, parsed) !== null) edits.push(replaceNode(operand, `${fn}(${parsed.text(operand)})`));
  return edits;
}

export const distutilsVersion = defineRule({
  id: 'python.distutils-version',
  title: 'distutils.version.LooseVersion / StrictVersion → packaging.version.Version',
  kind: 'error-repair',
  library: 'Python',
  since: py('3.12', '2023-10-02'),
  deprecatedIn: '3.10',
  explanation:
    "Python 3.12 removed distutils (PEP 632); its version classes' replacement, as the PEP says, is " +
    "packaging.version (installed with matplotlib, pandas' tooling and pip). Version orders release numbers " +
    '(0.18.1 < 0.20 < 1.2) as LooseVersion and StrictVersion did, which is what notebooks compare library ' +
    "versions with. The import keeps the notebook's name. Unlike LooseVersion, Version does not compare " +
    "with a plain string (\"'<' not supported between instances of 'Version' and 'str'\"): a string literal " +
    "compared with a version (`LooseVersion(sklearn_version) < '0.18'`) is parsed by the same class, as " +
    'LooseVersion parsed it; a comparison with anything else fails loudly instead of answering differently.',
  trigger: {
    errors: [
      { ename: 'ModuleNotFoundError', evalue: /No module named 'distutils'/ },
      { ename: 'TypeError', evalue: /not supported between instances of '(Version|str)' and '(Version|str)'/ },
    ],
    pattern: true,
  },
  prepare: (_notebook, ctx) => versionClassNames(ctx),
  needles: (source, state) =>
    source.includes('distutils') || (state as string[]).some((name) => source.includes(`${name}(`)),
  apply(parsed, ctx) {
    const python = packageVersion(ctx.env, 'python');
    if (python && compareVersions(python, '3.12') < 0) return [];
    const edits: SourceEdit[] = [];
    for (const statement of ctx.nodes('import_from_statement')) {
      if (parsed.text(statement.childForFieldName('module_name') as Node) !== 'distutils.version') continue;
      const items = fromImportNames(statement, parsed);
      if (items.length === 0 || !items.every((i) => DISTUTILS_VERSION.includes(i.name))) continue;
      edits.push(
        replaceNode(statement, `from packaging.version import ${items.map((i) => `Version as ${i.local}`).join(', ')}`),
      );
    }
    edits.push(...stringOperandEdits(parsed, ctx));
    return edits;
  },
});
