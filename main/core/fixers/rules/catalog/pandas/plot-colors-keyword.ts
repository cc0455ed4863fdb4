// pandas.plot-colors-keyword — df.plot(kind='bar', colors=[...]) → df.plot(kind='bar', color=[...])
//
// Why it broke: pandas 1.0 (2020-01-29) dropped the 'colors' alias of DataFrame.plot / Series.plot (deprecated since
// 0.9.1: "'colors' is being deprecated. Please use 'color' instead of 'colors'"); the keyword now reaches
// matplotlib, which raises "Rectangle.set() got an unexpected keyword argument 'colors'" (Line2D.set() for lines).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v1.0.0.html#removal-of-prior-version-deprecations-changes
// Example:
//     data.groupby('Sex').agg('sum')[['Survived', 'Died']].plot(kind='bar', stacked=True, colors=['g', 'r'])
//   →
//     data.groupby('Sex').agg('sum')[['Survived', 'Died']].plot(kind='bar', stacked=True, color=['g', 'r'])
// Fix safety: Same result: pandas moved colors= to color= itself when no color= was given, so the same colors are
// drawn.
// Left alone: pie charts (kind='pie', .plot.pie: colors= is matplotlib's own pie() argument and still works), a
// call that also passes color=, plot functions of an imported module (plt.plot), and lines the error does not
// point at.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { keywordArgument, keywordValue, positionalArguments, renameKeyword, stringContent } from '../../syntax';
import { pd } from './_shared';

/** The `plot` of `obj.plot(...)` or `obj.plot.bar(...)`, with the kind it draws (null when not a plot call). */
function plotCall(call: Node, text: (node: Node) => string): { receiver: Node; kind: string | null } | null {
  const fn = call.childForFieldName('function');
  if (fn?.type !== 'attribute') return null;
  const name = text(fn.childForFieldName('attribute') as Node);
  const object = fn.childForFieldName('object') as Node;
  if (name === 'plot') return { receiver: object, kind: null };
  // obj.plot.bar(...): the accessor's method names the kind
  if (object.type === 'attribute' && text(object.childForFieldName('attribute') as Node) === 'plot')
    return { receiver: object.childForFieldName('object') as Node, kind: name };
  return null;
}

export const plotColorsKeyword = defineRule({
  id: 'pandas.plot-colors-keyword',
  title: 'df.plot(colors=[...]) → df.plot(color=[...])',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  deprecatedIn: '0.9.1',
  explanation:
    "pandas 1.0 removed DataFrame.plot's deprecated 'colors' alias (pandas used to move " +
    'it to color= itself); the keyword now reaches matplotlib, which raises "Rectangle.set() ' +
    "got an unexpected keyword argument 'colors'\". colors= is renamed color= on the " +
    "failing line, except for pie charts, where colors= is matplotlib's own pie() argument.",
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /\.set\(\) got an unexpected keyword argument 'colors'/ }],
  },
  errorScope: 'line',
  needles: ['colors'],
  apply(parsed, ctx) {
    const text = (node: Node): string => parsed.text(node);
    const edits: SourceEdit[] = [];
    // a call written over several lines is in scope by its first line (the traceback's) or by its colors= line
    for (const call of parsed.nodes('call')) {
      const plot = plotCall(call, text);
      if (!plot || ctx.imports.resolve(plot.receiver, parsed) !== null) continue;
      const colors = keywordArgument(call, 'colors', parsed);
      if (!colors || !(ctx.inScope(call) || ctx.inScope(colors)) || keywordArgument(call, 'color', parsed)) continue;
      const kind = plot.kind ?? stringContent(keywordValue(call, 'kind', parsed), parsed);
      // a kind held in a name, or DataFrame.plot(x, y, kind) written positionally, may be a pie
      const unknownKind =
        plot.kind === null &&
        ((keywordArgument(call, 'kind', parsed) && kind === null) || positionalArguments(call).length >= 3);
      if (kind === 'pie' || unknownKind) continue;
      const edit = renameKeyword(colors, 'color');
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
