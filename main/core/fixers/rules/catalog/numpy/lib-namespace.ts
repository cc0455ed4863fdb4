// numpy.lib-namespace — np.lib.pad, np.lib.function_base.median, from numpy.lib.shape_base import … → the main numpy
// namespace
//
// Why it broke: NumPy 2.0 (2024-06-16): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://github.com/numpy/numpy/blob/1f90bbb55e65e7de68921bc3f1a2d94492fdf689/doc/source/release/1.16.0-notes.rst#L89
// Example:
//     from numpy.lib.function_base import median, percentile
//     from numpy.lib import pad
//     p = np.lib.pad(a, 1)
//     m = np.lib.function_base.median(a)
//   →
//     from numpy import median, percentile
//     from numpy import pad
//     p = np.pad(a, 1)
//     m = np.median(a)
// Fix safety: Same result: the rewrite computes what the code computed before NumPy 2.0; where that cannot be settled
// (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: np.lib.NumpyVersion, np.lib.recfunctions and private names stay; an import of a name NumPy 2.0 removed
// from the main namespace as well (deprecate, who, source …) is left alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { NUMPY2, GUIDE, inExceptClause } from './_shared';

/** What np.lib keeps in NumPy 2.0 (the guide's list); everything else is in the main namespace or gone. */
const LIB_KEPT = new Set([
  'array_utils',
  'format',
  'introspect',
  'mixins',
  'npyio',
  'scimath',
  'stride_tricks',
  'Arrayterator',
  'NumpyVersion',
  'add_docstring',
  'add_newdoc',
  'tracemalloc_domain',
  'recfunctions',
  'user_array',
  'emath',
]);

/** np.lib submodules NumPy 2.0 made private ("numpy.lib.function_base is now private"); their functions are np.<name>. */
const LIB_PRIVATE = [
  'arraypad',
  'arraysetops',
  'arrayterator',
  'function_base',
  'histograms',
  'index_tricks',
  'nanfunctions',
  'polynomial',
  'shape_base',
  'twodim_base',
  'type_check',
  'ufunclike',
  'utils',
];

/**
 * Names of those submodules that NumPy 2.0 removed from the main namespace as well (numpy/_expired_attrs_2_0.py):
 * their replacement module and name, or null where there is none (the import is left alone). Names NumPy deprecated
 * or removed later (in1d, trapz, msort, asfarray, disp) are imported from numpy, where numpy.removed-members and
 * numpy.removed-functions give them their replacement.
 */
const NOT_IN_MAIN: Record<string, [string, string] | null> = {
  safe_eval: ['ast', 'literal_eval'],
  byte_bounds: ['numpy.lib.array_utils', 'byte_bounds'],
  issubclass_: null,
  deprecate: null,
  deprecate_with_doc: null,
  who: null,
  lookfor: null,
  source: null,
  disp: ['numpy', 'disp'],
  asfarray: ['numpy', 'asfarray'],
  msort: ['numpy', 'msort'],
  trapz: ['numpy', 'trapz'],
  in1d: ['numpy', 'in1d'],
  get_array_wrap: null,
};

/** What numpy.lib.npyio keeps public in NumPy 2.0; its loadtxt, savetxt, genfromtxt … are np.<name>. */
const NPYIO_KEPT = new Set(['DataSource', 'NpzFile']);

export const libNamespace = defineRule({
  id: 'numpy.lib-namespace',
  title: 'np.lib.pad, np.lib.function_base.median, from numpy.lib.shape_base import … → the main numpy namespace',
  kind: 'error-repair',
  library: 'NumPy',
  since: NUMPY2,
  explanation: `NumPy 2.0 emptied np.lib (${GUIDE}, "numpy.lib namespace"): it keeps only array_utils, format, introspect, mixins, npyio, scimath, stride_tricks, Arrayterator, NumpyVersion, add_docstring, add_newdoc and tracemalloc_domain, and its submodules function_base, shape_base, arraysetops, index_tricks, type_check … became private. Their public functions are the main namespace's ("If you get an AttributeError when accessing an attribute from np.lib you should try accessing it from the main np namespace"): np.lib.pad → np.pad, np.lib.function_base.median → np.median, \`from numpy.lib.shape_base import expand_dims\` → \`from numpy import expand_dims\`. Names NumPy 2.0 removed from the main namespace as well get their own replacement: \`from numpy.lib.utils import safe_eval\` → \`from ast import literal_eval as safe_eval\`, byte_bounds → numpy.lib.array_utils; an import of one without a replacement (deprecate, who, source …) and private names (a leading underscore) are left alone.`,
  trigger: {
    errors: [
      { ename: 'AttributeError', evalue: /module 'numpy\.lib' has no attribute '\w+'|numpy\.lib\.\w+ is now private/ },
      {
        ename: 'ModuleNotFoundError',
        evalue: new RegExp(`No module named 'numpy\\.lib\\.(${LIB_PRIVATE.join('|')})'`),
      },
      { ename: 'ImportError', evalue: /cannot import name '\w+' from 'numpy\.lib'/ },
    ],
    pattern: true,
  },
  needles: ['lib.', 'numpy.lib'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const attr of ctx.nodes('attribute')) {
      if (inExceptClause(attr, parsed) || attr.parent?.type === 'dotted_name') continue;
      const qualified = ctx.imports.resolve(attr, parsed);
      const m = qualified ? /^numpy\.lib\.(\w+)(?:\.(\w+))?$/.exec(qualified) : null;
      if (!m) continue;
      const [, first, second] = m as unknown as [string, string, string | undefined];
      // the longest chain only: np.lib.function_base.median, not its np.lib.function_base part
      if (
        attr.parent?.type === 'attribute' &&
        attr.parent.childForFieldName('object')?.startIndex === attr.startIndex &&
        !second
      ) {
        if (LIB_PRIVATE.includes(first)) continue;
      }
      const name =
        second && (LIB_PRIVATE.includes(first) || (first === 'npyio' && !NPYIO_KEPT.has(second)))
          ? second
          : !second && !LIB_KEPT.has(first) && !LIB_PRIVATE.includes(first)
            ? first
            : null;
      if (!name || name.startsWith('_')) continue;
      const lib = second
        ? attr.childForFieldName('object')?.childForFieldName('object')
        : attr.childForFieldName('object');
      const head = lib?.childForFieldName('object');
      if (!head) continue;
      edits.push(replaceNode(attr, `${parsed.text(head)}.${name}`));
    }
    for (const statement of ctx.nodes('import_from_statement')) {
      if (inExceptClause(statement, parsed)) continue;
      const moduleNode = statement.childForFieldName('module_name');
      if (!moduleNode) continue;
      const module = parsed.text(moduleNode).replace(/\s+/g, '');
      const items = statement.childrenForFieldName('name');
      const itemNames = items.map((item) =>
        parsed.text(item.type === 'aliased_import' ? (item.childForFieldName('name') as Node) : item),
      );
      if (items.length === 0 || itemNames.some((n) => n.startsWith('_'))) continue;
      const sub = /^numpy\.lib\.(\w+)$/.exec(module)?.[1];
      // names NumPy 2.0 removed from the main namespace too (numpy.lib.utils' safe_eval): their own replacements
      if (sub && LIB_PRIVATE.includes(sub) && itemNames.some((n) => n in NOT_IN_MAIN)) {
        if (!itemNames.every((n) => !(n in NOT_IN_MAIN) || NOT_IN_MAIN[n])) continue;
        const indent = parsed.source.slice(
          parsed.source.lastIndexOf('\n', statement.startIndex - 1) + 1,
          statement.startIndex,
        );
        const lines = items.map((item, i) => {
          const [from, name] = NOT_IN_MAIN[itemNames[i] as string] ?? ['numpy', itemNames[i] as string];
          const local =
            item.type === 'aliased_import' ? parsed.text(item.childForFieldName('alias') as Node) : itemNames[i];
          return `from ${from} import ${name === local ? name : `${name} as ${local}`}`;
        });
        edits.push(replaceNode(statement, lines.join(`\n${indent}`)));
      } else if (sub && LIB_PRIVATE.includes(sub)) edits.push(replaceNode(moduleNode, 'numpy'));
      // from numpy.lib.npyio import loadtxt: the public module kept only DataSource and NpzFile
      else if (sub === 'npyio' && itemNames.every((n) => !NPYIO_KEPT.has(n)))
        edits.push(replaceNode(moduleNode, 'numpy'));
      else if (module === 'numpy.lib' && itemNames.every((n) => !LIB_KEPT.has(n) && !LIB_PRIVATE.includes(n)))
        edits.push(replaceNode(moduleNode, 'numpy'));
    }
    return edits;
  },
});
