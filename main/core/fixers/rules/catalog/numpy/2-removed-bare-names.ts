// numpy.2-removed-bare-names — NaN, Inf, float_ … imported from numpy by name or by a star import → nan, inf, float64 …
//
// Why it broke: NumPy 2.0 (2024-06-16) removed the duplicate names of its namespace (NaN, Inf, PINF, infty, float_,
// product, row_stack …), so `from numpy import NaN` fails with ImportError and, under a star import of numpy or
// pylab (or the %pylab magic), a bare `Inf` with NameError.
// Changelog: https://numpy.org/doc/stable/release/2.0.0-notes.html#numpy-2-0-python-api-removals
// Example:
//     from numpy import NaN, float_
//     from pylab import *
//     val, abserr = quad(lambda x: exp(-x ** 2), -Inf, Inf)
//   →
//     from numpy import nan as NaN, float64 as float_
//     from pylab import *
//     val, abserr = quad(lambda x: exp(-x ** 2), -inf, inf)
// Fix safety: Same result: each removed name was an alias of the name it becomes (np.NaN is np.nan, np.float_ is
// np.float64), which the same import binds; a name imported by name keeps its spelling through `as`; a bare name is
// rewritten only in a cell whose NameError names a removed alias, and only where a star import of numpy, pylab or
// scipy (or %pylab) provided it.
// Left alone: a name the notebook defines itself (NaN = float('nan')), attribute uses (np.NaN: numpy.2-removed-aliases)
// and notebooks without such an import.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { replaceNode, type SourceEdit } from '../../source-edit';
import { definesName } from '../../syntax';
import { NUMPY2_ALIASES } from './2-removed-aliases';
import { NUMPY2 } from './_shared';

/** Modules whose star import bound numpy's whole namespace (pylab and, until SciPy 1.12, scipy re-exported it). */
const STAR_MODULES = new Set(['numpy', 'pylab', 'matplotlib.pylab', 'scipy']);

const NAMES = Object.keys(NUMPY2_ALIASES);

const NAME_ERROR = new RegExp(`name '(${NAMES.join('|')})' is not defined`);

export const removedBareNames2 = defineRule({
  id: 'numpy.2-removed-bare-names',
  title: 'NaN, Inf, float_ … imported from numpy by name or by a star import → nan, inf, float64 …',
  kind: 'error-repair',
  library: 'NumPy',
  since: NUMPY2,
  explanation:
    'NumPy 2.0 removed the duplicate names of its namespace (NaN/NAN → nan, Inf/PINF/infty/Infinity → inf, float_ → float64, product → prod, row_stack → vstack …). Besides np.NaN (numpy.2-removed-aliases), notebooks reached them as bare names: `from numpy import NaN` now raises ImportError, and under `from numpy import *`, `from pylab import *` or the %pylab magic a bare Inf raises NameError. A `from numpy import` of a removed name imports the new one under the old spelling (`nan as NaN`), so every use keeps working; in a cell whose NameError names a removed alias, the bare uses of all the removed names a star import gave are spelled with the new name, which the same star import binds. A name the notebook defines itself is left alone.',
  trigger: {
    errors: [
      {
        ename: 'ImportError',
        evalue: new RegExp(`cannot import name '(${NAMES.join('|')})' from 'numpy'`),
      },
      { ename: 'NameError', evalue: NAME_ERROR },
    ],
  },
  needles: NAMES,
  prepare(notebook) {
    // names the notebook binds itself (NaN = float('nan'), def product(...)) are not numpy's
    const own = new Set<string>();
    for (const index of notebook.codeCells) {
      const source = notebook.source(index);
      for (const name of NAMES) {
        if (!source.includes(name)) continue;
        if (definesName(notebook.parse(index), name) && !importsFromNumpy(source, name)) own.add(name);
      }
    }
    const star = notebook.codeCells.some((index) => /^\s*%pylab\b/m.test(notebook.source(index)));
    return { own, pylabMagic: star };
  },
  apply(parsed, ctx) {
    const { own, pylabMagic } = ctx.state as { own: Set<string>; pylabMagic: boolean };
    const edits: SourceEdit[] = [];
    // `from numpy import NaN, float_ as f` → `from numpy import nan as NaN, float64 as f`
    for (const statement of ctx.nodes('import_from_statement')) {
      const module = statement.childForFieldName('module_name');
      if (!module || parsed.text(module).replace(/\s+/g, '') !== 'numpy') continue;
      for (const item of statement.childrenForFieldName('name')) {
        const nameNode = item.type === 'aliased_import' ? item.childForFieldName('name') : item;
        const name = nameNode ? parsed.text(nameNode) : '';
        const now = NUMPY2_ALIASES[name];
        if (!nameNode || !now) continue;
        edits.push(
          replaceNode(
            item.type === 'aliased_import' ? nameNode : item,
            item.type === 'aliased_import' ? now : `${now} as ${name}`,
          ),
        );
      }
    }
    // bare names a star import provided, in a cell whose NameError names one: all of them fail there, one per run
    const star = pylabMagic || ctx.imports.starModules.some((m) => STAR_MODULES.has(m));
    if (star && ctx.errors.some((e) => NAME_ERROR.test(e.evalue))) {
      for (const id of ctx.nodes('identifier')) {
        const name = parsed.text(id);
        const now = NUMPY2_ALIASES[name];
        if (!now || own.has(name) || !isBareUse(id)) continue;
        edits.push(replaceNode(id, now));
      }
    }
    return edits;
  },
});

/** Does the source import this name from numpy (an import is not the notebook's own definition)? */
function importsFromNumpy(source: string, name: string): boolean {
  return new RegExp(`^[ \\t]*from[ \\t]+numpy[ \\t]+import[^\\n]*\\b${name}\\b`, 'm').test(source);
}

/** An identifier read as a value: not an attribute's name, a keyword's name, a parameter or an import item. */
function isBareUse(id: Node): boolean {
  const parent = id.parent;
  if (!parent) return false;
  if (parent.type === 'attribute' && parent.childForFieldName('attribute')?.id === id.id) return false;
  if (parent.type === 'keyword_argument' && parent.childForFieldName('name')?.id === id.id) return false;
  for (let node: Node | null = parent; node; node = node.parent) {
    if (['import_statement', 'import_from_statement', 'parameters', 'lambda_parameters'].includes(node.type))
      return false;
  }
  if (parent.type === 'assignment' && parent.childForFieldName('left')?.id === id.id) return false;
  return true;
}
