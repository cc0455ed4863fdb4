// python2.operator-functions — operator.isCallable, sequenceIncludes, isSequenceType, isMappingType, isNumberType,
// repeat, irepeat → Python 3 equivalents
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     import operator
//     a = operator.isCallable(f)
//     b = operator.sequenceIncludes(xs, 1)
//     c = operator.isSequenceType(xs)
//     d = operator.isMappingType(m)
//     e = operator.isNumberType(n)
//     r = operator.repeat([0], 3)
//   →
//     import collections.abc
//     import numbers
//     import operator
//     a = callable(f)
//     b = operator.contains(xs, 1)
//     c = isinstance(xs, collections.abc.Sequence)
//     d = isinstance(m, collections.abc.Mapping)
//     …
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: operator.itemgetter and a user's own module called operator stay.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { positionalArguments, callArguments } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { insertAtCellTop } from '../helpers';
import { PY3 } from './_shared';

/** operator-module functions Python 3 removed: the replacement for `operator.<name>(args)`. */
const OPERATOR_FUNCTIONS: Record<
  string,
  { call: (args: string[], op: string) => string; arity: number; needs?: string }
> = {
  isCallable: { call: ([x]) => `callable(${x as string})`, arity: 1 },
  sequenceIncludes: { call: ([a, b], op) => `${op}.contains(${a as string}, ${b as string})`, arity: 2 },
  isSequenceType: {
    call: ([x]) => `isinstance(${x as string}, collections.abc.Sequence)`,
    arity: 1,
    needs: 'collections.abc',
  },
  isMappingType: {
    call: ([x]) => `isinstance(${x as string}, collections.abc.Mapping)`,
    arity: 1,
    needs: 'collections.abc',
  },
  isNumberType: { call: ([x]) => `isinstance(${x as string}, numbers.Number)`, arity: 1, needs: 'numbers' },
  repeat: { call: ([a, b], op) => `${op}.mul(${a as string}, ${b as string})`, arity: 2 },
  irepeat: { call: ([a, b], op) => `${op}.imul(${a as string}, ${b as string})`, arity: 2 },
};

export const operatorFunctions = defineRule({
  id: 'python2.operator-functions',
  title:
    'operator.isCallable, sequenceIncludes, isSequenceType, ' +
    'isMappingType, isNumberType, repeat, irepeat → Python 3 equivalents',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 3's operator module dropped these functions (lib2to3's fix_operator): " +
    'isCallable(x) → callable(x), sequenceIncludes(a, b) → operator.contains(a, b), ' +
    'isSequenceType/isMappingType(x) → isinstance(x, collections.abc.Sequence/Mapping), ' +
    'isNumberType(x) → isinstance(x, numbers.Number), repeat(a, n) → operator.mul(a, n), irepeat ' +
    '→ operator.imul. Same results for the sequences, mappings and numbers these were used on.',
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue:
          /module 'operator' has no attribute '(isCallable|sequenceIncludes|isSequenceType|isMappingType|isNumberType|repeat|irepeat)'/,
      },
    ],
    pattern: true,
  },
  needles: Object.keys(OPERATOR_FUNCTIONS),
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const needs = new Set<string>();
    for (const call of ctx.nodes('call')) {
      const fn = call.childForFieldName('function');
      const qualified = ctx.imports.resolve(fn, parsed);
      const name = qualified?.startsWith('operator.') ? qualified.slice('operator.'.length) : null;
      const spec = name ? OPERATOR_FUNCTIONS[name] : undefined;
      if (!spec || fn?.type !== 'attribute') continue;
      const args = positionalArguments(call);
      if (args.length !== spec.arity || callArguments(call).length !== spec.arity) continue;
      edits.push(
        replaceNode(
          call,
          spec.call(
            args.map((a) => parsed.text(a)),
            parsed.text(fn.childForFieldName('object') as Node),
          ),
        ),
      );
      if (spec.needs) needs.add(spec.needs);
    }
    // one insertion: two edits at the same offset would collide
    const missing = [...needs]
      .filter(
        (module) =>
          !ctx.imports.imports(module) ||
          ctx.imports.bindings.get(module.split('.')[0] as string) !== module.split('.')[0],
      )
      .sort();
    if (missing.length > 0) edits.push(insertAtCellTop(parsed, missing.map((m) => `import ${m}`).join('\n')));
    return edits;
  },
});
