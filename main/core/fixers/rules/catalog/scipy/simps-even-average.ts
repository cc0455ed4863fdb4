// scipy.simps-even-average — from scipy.integrate import simps → a simps computing SciPy < 1.11's even='avg'
//
// Why it broke: SciPy 1.14.0 (2024-06-24) removed scipy.integrate.simps (deprecated in 1.12 for simpson: "cannot
// import name 'simps' from 'scipy.integrate'"). simpson is not the old function renamed for an even number of
// samples: until 1.11 both averaged two estimates (even='avg', the default): Simpson's rule on the first N-1 samples
// plus a trapezoid on the last interval, and Simpson's rule on the last N-1 samples plus a trapezoid on the first;
// since SciPy 1.11.0 (2023-06-25) simpson corrects the last interval with Cartwright's formula (another number), and
// 1.14 removed its `even` argument.
// Changelog: https://docs.scipy.org/doc/scipy/release/1.14.0-notes.html#expired-deprecations
// Changelog: https://docs.scipy.org/doc/scipy/release/1.11.0-notes.html#scipy-integrate-improvements
// Changelog: https://github.com/scipy/scipy/pull/18209
// Example:
//     from scipy.integrate import simps
//     area = simps(y, x)
//   →
//     def simps(y, x=None, dx=1.0, axis=-1, even='avg'):
//         # scipy.integrate.simps as SciPy < 1.11 computed it …
//         …
//     area = simps(y, x)
// Fix safety: Same result: the function keeps simps' signature (y, x=None, dx=1.0, axis=-1, even='avg') and computes
// what SciPy 1.10's code did: an odd number of samples is simpson's composite rule, which did not change; an even
// number combines simpson on the first and on the last N-1 samples (the composite rule of SciPy < 1.11 on an odd
// count) with trapezoid on the interval each leaves, added in the old order ((S_first + S_last) / 2 + (T_last +
// T_first) / 2 for 'avg', S_first + T_last for 'first', S_last + T_first for 'last'); two samples give the trapezoid,
// as before. Checked against SciPy 1.6's simps (the code SciPy 1.10 still had) on even and odd counts, with x, dx,
// axis and a 2-D x: equal but for the last digit, as today's simpson on an odd count is to SciPy 1.6's.
// Left alone: notebooks dated from SciPy 1.11's release on (their simps may have meant the new correction), a name
// simps the notebook defines itself, and a star import.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { cellBindings } from '../../bindings';
import { defineRule } from '../../rule';
import { insertAt, replaceNode, type SourceEdit } from '../../source-edit';
import { lineStart, topLevelStatement } from '../../syntax';
import { isBeforeDate } from '../../version';
import { fromImportNames } from '../helpers';

/** SciPy 1.11.0's release: simpson's Cartwright correction replaced even='avg' as the default */
const CHANGED = '2023-06-25';

const MARKER = '# scipy.integrate.simps as SciPy < 1.11 computed it';

/** simps of SciPy < 1.11, written with today's simpson and trapezoid */
function oldSimps(name: string): string {
  return [
    `def ${name}(y, x=None, dx=1.0, axis=-1, even='avg'):`,
    `    ${MARKER} (removed in 1.14): an even number of samples averaged`,
    "    # Simpson's rule on the first N-1 samples plus a trapezoid on the last interval and Simpson's rule on the",
    "    # last N-1 plus a trapezoid on the first (even='avg'); simpson() now corrects the last interval otherwise",
    '    import numpy as np',
    '    from scipy.integrate import simpson, trapezoid',
    '    y = np.moveaxis(np.asarray(y), axis, -1)',
    '    x = None if x is None else np.asarray(x)',
    '    if x is not None and x.ndim > 1:',
    '        x = np.moveaxis(x, axis, -1)',
    '    def part(rule, s):',
    '        return rule(y[..., s], x=None if x is None else x[..., s], dx=dx)',
    '    if y.shape[-1] % 2 == 1:',
    '        return simpson(y, x=x, dx=dx)',
    "    if even not in ('avg', 'first', 'last'):",
    "        raise ValueError(\"Parameter 'even' must be 'avg', 'last', or 'first'.\")",
    '    if y.shape[-1] == 2:',
    '        return part(trapezoid, slice(None))',
    '    s_first, t_last = part(simpson, slice(None, -1)), part(trapezoid, slice(-2, None))',
    '    s_last, t_first = part(simpson, slice(1, None)), part(trapezoid, slice(None, 2))',
    "    if even == 'first':",
    '        return s_first + t_last',
    "    if even == 'last':",
    '        return s_last + t_first',
    '    return (s_first + s_last) / 2.0 + (t_last + t_first) / 2.0',
    '',
  ].join('\n');
}

/** How a cell binds `simps`: by this rule's own function (MARKER), otherwise (a def or assignment of its own), not. */
function bindsSimps(parsed: ParsedSource): 'ours' | 'own' | null {
  for (const def of parsed.nodes('function_definition'))
    if (parsed.text(def.childForFieldName('name') as Node) === 'simps')
      return parsed.text(def).includes(MARKER) ? 'ours' : 'own';
  const assigned = cellBindings(parsed, ['assignment']).some(
    ({ target }) => target.type === 'identifier' && parsed.text(target) === 'simps',
  );
  return assigned ? 'own' : null;
}

export const simpsEvenAverage = defineRule({
  id: 'scipy.simps-even-average',
  title: "from scipy.integrate import simps → a simps computing SciPy < 1.11's even='avg'",
  kind: 'error-repair',
  library: 'SciPy',
  since: { package: 'scipy', version: '1.14', date: '2024-06-24' },
  deprecatedIn: '1.12',
  explanation:
    'SciPy 1.14 removed scipy.integrate.simps. For an even number of samples simpson is not the same computation: ' +
    "until 1.11 the default even='avg' averaged Simpson's rule on the first and on the last N-1 samples, each " +
    "with a trapezoid on the interval left over, and since 1.11 simpson uses Cartwright's correction. The rewrite " +
    'defines simps with the old signature, computing the old average from simpson and trapezoid (the same number ' +
    'as SciPy 1.10); odd counts are simpson, as before.',
  trigger: {
    errors: [
      { ename: 'ImportError', evalue: /cannot import name 'simps' from 'scipy\.integrate'/ },
      { ename: 'AttributeError', evalue: /module 'scipy\.integrate' has no attribute 'simps'/ },
    ],
  },
  needles: ['simps'],
  apply(parsed, ctx) {
    if (ctx.created && !isBeforeDate(ctx.created, CHANGED)) return [];
    const bound = ctx.notebook.codeCells.map((index) => ({ index, how: bindsSimps(ctx.notebook.parse(index)) }));
    if (bound.some((b) => b.how === 'own')) return [];
    // the function this rule defined in this cell or an earlier one serves the attribute calls below
    let defined = bound.some((b) => b.how === 'ours' && b.index <= ctx.cellIndex);
    const edits: SourceEdit[] = [];
    for (const statement of ctx.nodes('import_from_statement')) {
      const module = statement.childForFieldName('module_name');
      if (!module || parsed.text(module) !== 'scipy.integrate' || statement.parent?.type !== 'module') continue;
      const names = fromImportNames(statement, parsed);
      const simps = names.find((n) => n.name === 'simps');
      if (!simps) continue;
      const others = names.filter((n) => n !== simps).map((n) => n.text);
      const kept = others.length > 0 ? `from scipy.integrate import ${others.join(', ')}\n` : '';
      edits.push(replaceNode(statement, `${kept}${oldSimps(simps.local)}`.replace(/\n$/, '')));
    }
    // integrate.simps(…) / scipy.integrate.simps(…): the function is defined before the statement
    for (const { node } of ctx.calls({ module: 'scipy.integrate', names: ['simps'] })) {
      const fn = node.childForFieldName('function') as Node;
      if (fn.type !== 'attribute') continue;
      if (!defined) {
        const statement = topLevelStatement(node);
        edits.push(insertAt(lineStart(parsed.source, statement.startIndex), oldSimps('simps')));
      }
      defined = true;
      edits.push(replaceNode(fn, 'simps'));
    }
    return edits;
  },
});
