// matplotlib: arguments and functions removed between 2.0 and 3.6 (axisbg, normed, string rotations,
// renamed seaborn styles, gca(projection=…), plt.hold, set_color_cycle, mlab.normpdf, grid(b=…) …).
import type { Node } from 'web-tree-sitter';
import { defineRule, type Rule } from '../rule';
import { replaceNode, type SourceEdit } from '../source-edit';
import { callArguments, keywordArgument, methodName, replaceStringContent, stringContent } from '../syntax';
import { insertAtCellTop, keywordRenameEdits } from './helpers';

const MPL = 'matplotlib';
const mpl = (version: string, date: string) => ({ package: MPL, version, date });

const axisbg = defineRule({
  id: 'matplotlib.axisbg',
  title: 'axisbg= → facecolor=, set_axis_bgcolor → set_facecolor',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('2.2', '2018-03-06'),
  deprecatedIn: '2.0',
  explanation: "The axes background argument axisbg (subplot, add_subplot, axes) was renamed facecolor in matplotlib 2.0 and removed in 2.2; set_axis_bgcolor/get_axis_bgcolor became set_facecolor/get_facecolor.",
  trigger: { errors: [{ ename: 'AttributeError', evalue: /(unexpected keyword argument|has no attribute|no property) '?axisbg|set_axis_bgcolor|get_axis_bgcolor/ }, { ename: 'TypeError', evalue: /axisbg/ }], pattern: true },
  needles: ['axisbg', 'axis_bgcolor'],
  apply(parsed, ctx) {
    const edits = keywordRenameEdits(parsed, ctx, () => true, { axisbg: 'facecolor' });
    for (const call of parsed.nodes('call')) {
      const name = methodName(call, parsed);
      if ((name === 'set_axis_bgcolor' || name === 'get_axis_bgcolor') && ctx.inScope(call)) {
        const attr = call.childForFieldName('function')?.childForFieldName('attribute') as Node;
        edits.push(replaceNode(attr, name === 'set_axis_bgcolor' ? 'set_facecolor' : 'get_facecolor'));
      }
    }
    return edits;
  },
});

const histNormed = defineRule({
  id: 'matplotlib.hist-normed',
  title: 'hist(normed=…) → hist(density=…)',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.1', '2019-05-18'),
  deprecatedIn: '2.1',
  explanation: "hist()'s normed argument was replaced by density (2.1) and removed in 3.1; pandas' .hist() and seaborn's hist_kws pass it through to matplotlib, so they are renamed as well.",
  trigger: { errors: [{ ename: 'AttributeError', evalue: /(Rectangle|Polygon)\.set\(\) got an unexpected keyword argument 'normed'|no property 'normed'/ }, { ename: 'TypeError', evalue: /unexpected keyword argument 'normed'/ }], pattern: true },
  needles: ['normed'],
  apply(parsed, ctx) {
    const edits = keywordRenameEdits(parsed, ctx, (call) => ['hist', 'hist2d'].includes(methodName(call, parsed) ?? parsed.text(call.childForFieldName('function') as Node)), { normed: 'density' });
    // hist_kws={'normed': True} (seaborn.distplot)
    for (const pair of parsed.nodes('pair')) {
      const key = pair.childForFieldName('key');
      if (!ctx.inScope(pair) || stringContent(key, parsed) !== 'normed') continue;
      const dict = pair.parent;
      const kw = dict?.parent;
      if (kw?.type === 'keyword_argument' && /hist_kws|hist_kwds/.test(parsed.text(kw.childForFieldName('name') as Node))) {
        const edit = replaceStringContent(key as Node, 'density');
        if (edit) edits.push(edit);
      }
    }
    return edits;
  },
});

const ROTATION_CALLS = new Set(['xticks', 'yticks', 'set_xticklabels', 'set_yticklabels', 'text', 'annotate', 'setp', 'set_rotation', 'tick_params', 'xlabel', 'ylabel', 'set_xlabel', 'set_ylabel', 'set_title', 'title', 'suptitle', 'set']);

const stringRotation = defineRule({
  id: 'matplotlib.numeric-string-rotation',
  title: "rotation='90' → rotation=90",
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.6', '2022-09-15'),
  explanation: "Text rotation must be a number or 'vertical'/'horizontal'; recent matplotlib rejects numeric strings like '90' that older versions converted silently. The string becomes the number.",
  trigger: { errors: [{ ename: 'ValueError', evalue: /rotation must be 'vertical', 'horizontal' or a number/ }], pattern: true },
  needles: ['rotation'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call)) continue;
      const fn = call.childForFieldName('function');
      const name = methodName(call, parsed) ?? (fn ? parsed.text(fn) : '');
      if (!ROTATION_CALLS.has(name)) continue;
      for (const kwName of ['rotation', 'labelrotation']) {
        const value = keywordArgument(call, kwName, parsed)?.childForFieldName('value');
        const content = stringContent(value ?? null, parsed);
        if (value && content !== null && /^\s*-?\d+(\.\d+)?\s*$/.test(content)) edits.push(replaceNode(value, content.trim()));
      }
    }
    return edits;
  },
});

const STYLE_CALLS = ['use', 'context'];

const seabornStyles = defineRule({
  id: 'matplotlib.seaborn-styles',
  title: "plt.style.use('seaborn-whitegrid') → 'seaborn-v0_8-whitegrid'",
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.6', '2022-09-15'),
  explanation: "matplotlib 3.6 renamed its bundled seaborn styles to seaborn-v0_8-* (they no longer match seaborn's own) and 3.8 removed the old names. The style looks the same.",
  trigger: { errors: [{ ename: 'OSError', evalue: /'seaborn[\w-]*' (is )?not (found in the style library|a valid package style)/ }], pattern: true },
  needles: ['seaborn'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const rename = (node: Node | null | undefined): void => {
      const content = stringContent(node ?? null, parsed);
      if (!node || content === null || !/^seaborn(-|$)/.test(content) || content.startsWith('seaborn-v0_8')) return;
      const edit = replaceStringContent(node, content === 'seaborn' ? 'seaborn-v0_8' : content.replace(/^seaborn-/, 'seaborn-v0_8-'));
      if (edit) edits.push(edit);
    };
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call) || !STYLE_CALLS.includes(methodName(call, parsed) ?? '')) continue;
      const q = ctx.imports.resolve(call.childForFieldName('function'), parsed) ?? '';
      if (!q.startsWith('matplotlib.') || !q.includes('style.')) continue;
      const first = callArguments(call)[0];
      if (first?.type === 'list' || first?.type === 'tuple') first.namedChildren.forEach(rename);
      else rename(first);
    }
    return edits;
  },
});

const gcaProjection = defineRule({
  id: 'matplotlib.gca-projection',
  title: "fig.gca(projection='3d') → fig.add_subplot(projection='3d')",
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.6', '2022-09-15'),
  deprecatedIn: '3.4',
  explanation: 'Figure.gca() stopped accepting arguments in matplotlib 3.6; add_subplot(projection=…) creates the same axes.',
  trigger: { errors: [{ ename: 'TypeError', evalue: /gca\(\) got an unexpected keyword argument/ }], pattern: true },
  needles: ['gca('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call) || methodName(call, parsed) !== 'gca' || !keywordArgument(call, 'projection', parsed)) continue;
      edits.push(replaceNode(call.childForFieldName('function')?.childForFieldName('attribute') as Node, 'add_subplot'));
    }
    return edits;
  },
});

const gridB = defineRule({
  id: 'matplotlib.grid-b',
  title: 'grid(b=…) → grid(visible=…)',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.5', '2021-11-15'),
  explanation: "grid()'s first parameter b was renamed visible in matplotlib 3.5 (the old name was removed two releases later).",
  trigger: { errors: [{ ename: 'TypeError', evalue: /grid\(\) got an unexpected keyword argument 'b'|got an unexpected keyword argument 'b'/ }], pattern: true },
  needles: ['grid('],
  apply(parsed, ctx) {
    return keywordRenameEdits(parsed, ctx, (call) => methodName(call, parsed) === 'grid' || parsed.text(call.childForFieldName('function') as Node) === 'grid', { b: 'visible' });
  },
});

const holdRemoved = defineRule({
  id: 'matplotlib.hold',
  title: 'plt.hold(…) removed',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.0', '2018-09-18'),
  deprecatedIn: '2.0',
  explanation: 'matplotlib 3.0 removed hold(): plots always accumulate on the current axes (the old hold(True)). The call is replaced by pass.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /has no attribute 'hold'/ }], pattern: true },
  needles: ['hold('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call) || methodName(call, parsed) !== 'hold' || call.parent?.type !== 'expression_statement') continue;
      const q = ctx.imports.resolve(call.childForFieldName('function'), parsed) ?? '';
      if (!q.startsWith('matplotlib') && !/^(ax\w*|plt)$/.test(parsed.text(call.childForFieldName('function')?.childForFieldName('object') as Node))) continue;
      edits.push(replaceNode(call.parent, `pass  # ${parsed.text(call)}: removed in matplotlib 3.0 (plots always accumulate)`));
    }
    return edits;
  },
});

const colorCycle = defineRule({
  id: 'matplotlib.set-color-cycle',
  title: 'ax.set_color_cycle(colors) → ax.set_prop_cycle(color=colors)',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('2.0', '2017-01-17'),
  deprecatedIn: '1.5',
  explanation: 'Axes.set_color_cycle was removed in matplotlib 2.0; set_prop_cycle(color=…) sets the same colour cycle.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /has no attribute 'set_color_cycle'/ }], pattern: true },
  needles: ['set_color_cycle'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call) || methodName(call, parsed) !== 'set_color_cycle') continue;
      const args = callArguments(call);
      if (args.length !== 1 || args[0]?.type === 'keyword_argument') continue;
      edits.push(replaceNode(call.childForFieldName('function')?.childForFieldName('attribute') as Node, 'set_prop_cycle'), { start: (args[0] as Node).startIndex, end: (args[0] as Node).startIndex, text: 'color=' });
    }
    return edits;
  },
});

const mlabNormpdf = defineRule({
  id: 'matplotlib.mlab-normpdf',
  title: 'mlab.normpdf(x, mu, sigma) → scipy.stats.norm.pdf(x, mu, sigma)',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.1', '2019-05-18'),
  deprecatedIn: '2.2',
  explanation: 'matplotlib.mlab.normpdf was removed in 3.1; scipy.stats.norm.pdf computes the same density.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /module 'matplotlib\.mlab' has no attribute 'normpdf'/ }], pattern: true },
  needles: ['normpdf'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const fn = call.childForFieldName('function');
      if (!ctx.inScope(call) || ctx.imports.resolve(fn, parsed) !== 'matplotlib.mlab.normpdf' || !fn) continue;
      edits.push(replaceNode(fn, 'scipy.stats.norm.pdf'));
    }
    if (edits.length > 0 && !(ctx.imports.bindings.get('scipy') === 'scipy' && ctx.imports.imports('scipy.stats'))) edits.push(insertAtCellTop(parsed, 'import scipy.stats'));
    return edits;
  },
});

const windowTitle = defineRule({
  id: 'matplotlib.canvas-window-title',
  title: 'fig.canvas.set_window_title(t) → fig.canvas.manager.set_window_title(t)',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.6', '2022-09-15'),
  deprecatedIn: '3.4',
  explanation: 'FigureCanvasBase.set_window_title was removed in matplotlib 3.6; the figure manager owns the window title.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /has no attribute 'set_window_title'/ }], pattern: true },
  needles: ['set_window_title'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const receiver = call.childForFieldName('function')?.childForFieldName('object');
      if (!ctx.inScope(call) || methodName(call, parsed) !== 'set_window_title' || !receiver || !parsed.text(receiver).endsWith('canvas')) continue;
      edits.push({ start: receiver.endIndex, end: receiver.endIndex, text: '.manager' });
    }
    return edits;
  },
});

export const MATPLOTLIB_RULES: Rule[] = [axisbg, histNormed, stringRotation, seabornStyles, gcaProjection, gridB, holdRemoved, colorCycle, mlabNormpdf, windowTitle];
