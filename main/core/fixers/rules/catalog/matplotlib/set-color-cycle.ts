// matplotlib.set-color-cycle — ax.set_color_cycle(colors) → ax.set_prop_cycle(color=colors); the axes.color_cycle
// rcParam → axes.prop_cycle
//
// Why it broke: matplotlib 1.5 (2015-10-29) deprecated the colour cycle for the property cycle: matplotlib 2.2
// (2018-03-06) removed the axes.color_cycle rcParam ("The following deprecated rcParams have been removed:
// axes.color_cycle (see axes.prop_cycle)") and 3.0 (2018-09-17) Axes.set_color_cycle, so the method raises
// AttributeError and the rcParam KeyError ("axes.color_cycle is not a valid rc parameter").
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_1.5.0.html
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_2.2.0.html
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.0.0.html
// Example:
//     ax.set_color_cycle(['r', 'g'])
//     plt.rcParams['axes.color_cycle'] = ['#348ABD', '#A60628']
//     mpl.rc('axes', color_cycle=colors)
//   →
//     ax.set_prop_cycle(color=['r', 'g'])
//     plt.rcParams['axes.prop_cycle'] = mpl.cycler(color=['#348ABD', '#A60628'])
//     mpl.rc('axes', prop_cycle=mpl.cycler(color=colors))
// Fix safety: Same result: set_prop_cycle(color=…) sets the same colour cycle, and setting the deprecated rcParam
// did what the rewrite does (it set axes.prop_cycle to cycler('color', colors)); reading it gave the colours of the
// property cycle, prop_cycle.by_key()['color']. Also in a dict of rcParams ({'axes.color_cycle': …} given to
// rcParams.update, rc_context or style.use).
// Left alone: a colour list given as one string ('r, g, b', which the rcParam split at commas).
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { methodName, callArguments, keywordArgument, stringContent, positionalArguments } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { mpl } from './_shared';

const OLD_KEY = 'axes.color_cycle';

export const setColorCycle = defineRule({
  id: 'matplotlib.set-color-cycle',
  title: 'ax.set_color_cycle(colors) → ax.set_prop_cycle(color=colors); the axes.color_cycle rcParam → axes.prop_cycle',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('2.2', '2018-03-06'),
  deprecatedIn: '1.5',
  explanation:
    'matplotlib 1.5 replaced the colour cycle by the property cycle. Axes.set_color_cycle (removed ' +
    'in 3.0) becomes set_prop_cycle(color=…), which sets the same colour cycle. The axes.color_cycle ' +
    'rcParam (removed in 2.2: "see axes.prop_cycle") becomes axes.prop_cycle set to cycler(color=…), ' +
    "what setting the deprecated key did; reading it becomes prop_cycle.by_key()['color'], " +
    "the colours it returned. The same in rc('axes', color_cycle=…) and in a dict of rcParams.",
  trigger: {
    errors: [
      { ename: 'AttributeError', evalue: /has no attribute 'set_color_cycle'/ },
      { ename: 'KeyError', evalue: /axes\.color_cycle/ },
    ],
    pattern: true,
  },
  needles: ['set_color_cycle', 'color_cycle'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'set_color_cycle') continue;
      const args = callArguments(call);
      if (args.length !== 1 || args[0]?.type === 'keyword_argument') continue;
      edits.push(
        replaceNode(call.childForFieldName('function')?.childForFieldName('attribute') as Node, 'set_prop_cycle'),
        { start: (args[0] as Node).startIndex, end: (args[0] as Node).startIndex, text: 'color=' },
      );
    }
    // the rcParam: its name for matplotlib's cycler (the validating one rcParams.prop_cycle takes)
    let module: ReturnType<typeof ctx.requireImport> | undefined;
    const cycler = (value: Node): string | null => {
      if (value.type === 'string' || value.type === 'concatenated_string') return null;
      if (module === undefined) module = ctx.requireImport('matplotlib', 'mpl');
      return module ? `${module.name}.cycler(color=${parsed.text(value)})` : null;
    };
    const key = (node: Node | null): boolean => stringContent(node, parsed) === OLD_KEY;
    const newKey = (node: Node): string => parsed.text(node).replace(OLD_KEY, 'axes.prop_cycle');
    // rcParams['axes.color_cycle'] = colors, and its reads
    for (const subscript of ctx.nodes('subscript')) {
      const index = subscript.childForFieldName('subscript');
      const value = subscript.childForFieldName('value');
      if (!index || !key(index) || !value || !/(^|\.)rcParams$/.test(parsed.text(value))) continue;
      const parent = subscript.parent;
      if (parent?.type === 'assignment' && parent.childForFieldName('left')?.id === subscript.id) {
        const right = parent.childForFieldName('right');
        const text = right ? cycler(right) : null;
        if (!right || !text || parent.childForFieldName('type')) continue;
        edits.push(replaceNode(index, newKey(index)), replaceNode(right, text));
      } else if (parent?.type !== 'augmented_assignment' && parent?.type !== 'delete_statement') {
        edits.push(
          replaceNode(subscript, `${parsed.text(subscript).replace(OLD_KEY, 'axes.prop_cycle')}.by_key()['color']`),
        );
      }
    }
    // {'axes.color_cycle': colors} (rcParams.update, rc_context, style.use)
    for (const pair of ctx.nodes('pair')) {
      const k = pair.childForFieldName('key');
      const value = pair.childForFieldName('value');
      if (!k || !key(k) || !value) continue;
      const text = cycler(value);
      if (text) edits.push(replaceNode(k, newKey(k)), replaceNode(value, text));
    }
    // rc('axes', color_cycle=colors)
    for (const call of ctx.nodes('call')) {
      if (methodName(call, parsed) !== 'rc' && parsed.text(call.childForFieldName('function') as Node) !== 'rc')
        continue;
      const group = positionalArguments(call)[0];
      const kw = keywordArgument(call, 'color_cycle', parsed);
      const value = kw?.childForFieldName('value');
      if (
        !kw ||
        !value ||
        stringContent(group ?? null, parsed) !== 'axes' ||
        keywordArgument(call, 'prop_cycle', parsed)
      )
        continue;
      const text = cycler(value);
      if (text) edits.push(replaceNode(kw, `prop_cycle=${text}`));
    }
    if (edits.length > 0 && module) edits.push(...module.edits);
    return edits;
  },
});
