// matplotlib: arguments and functions removed between 2.0 and 3.6 (axisbg, normed, string rotations,
// renamed seaborn styles, gca(projection=…), plt.hold, set_color_cycle, mlab.normpdf, grid(b=…) …).
import type { Node } from 'web-tree-sitter';
import { defineRule, packageVersion, type Rule } from '../rule';
import { compareVersions } from '../version';
import { replaceNode, type SourceEdit } from '../source-edit';
import {
  asPrimary,
  callArguments,
  keywordArgument,
  keywordName,
  methodName,
  positionalArguments,
  removeArgument,
  replaceStringContent,
  stringContent,
} from '../syntax';
import { insertAtCellTop, keywordRenameEdits, moduleMoveEdits, type ModuleMove } from './helpers';

const MPL = 'matplotlib';
const mpl = (version: string, date: string) => ({ package: MPL, version, date });

const axisbg = defineRule({
  id: 'matplotlib.axisbg',
  title: 'axisbg= → facecolor=, set_axis_bgcolor → set_facecolor',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('2.2', '2018-03-06'),
  deprecatedIn: '2.0',
  explanation:
    'The axes background argument axisbg (subplot, add_subplot, axes) was renamed facecolor in matplotlib 2.0 and removed in 2.2; set_axis_bgcolor/get_axis_bgcolor became set_facecolor/get_facecolor.',
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue: /(unexpected keyword argument|has no attribute|no property) '?axisbg|set_axis_bgcolor|get_axis_bgcolor/,
      },
      { ename: 'TypeError', evalue: /axisbg/ },
    ],
    pattern: true,
  },
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
  explanation:
    "hist()'s normed argument was replaced by density (2.1) and removed in 3.1; pandas' .hist() and seaborn's hist_kws pass it through to matplotlib, so they are renamed as well.",
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue: /(Rectangle|Polygon)\.set\(\) got an unexpected keyword argument 'normed'|no property 'normed'/,
      },
      { ename: 'TypeError', evalue: /unexpected keyword argument 'normed'/ },
    ],
    pattern: true,
  },
  needles: ['normed'],
  apply(parsed, ctx) {
    // hist(…), and FacetGrid.map(plt.hist, …, normed=True), which passes its keywords on to hist
    const isHist = (call: Node): boolean => {
      const name = methodName(call, parsed) ?? parsed.text(call.childForFieldName('function') as Node);
      if (['hist', 'hist2d'].includes(name)) return true;
      const first = positionalArguments(call)[0];
      return (
        ['map', 'map_dataframe', 'map_diag', 'map_offdiag', 'map_lower', 'map_upper'].includes(name) &&
        !!first &&
        /(^|\.)hist$/.test(parsed.text(first))
      );
    };
    const edits = keywordRenameEdits(parsed, ctx, isHist, { normed: 'density' });
    // hist_kws={'normed': True} (seaborn.distplot)
    for (const pair of parsed.nodes('pair')) {
      const key = pair.childForFieldName('key');
      if (!ctx.inScope(pair) || stringContent(key, parsed) !== 'normed') continue;
      const dict = pair.parent;
      const kw = dict?.parent;
      if (
        kw?.type === 'keyword_argument' &&
        /hist_kws|hist_kwds/.test(parsed.text(kw.childForFieldName('name') as Node))
      ) {
        const edit = replaceStringContent(key as Node, 'density');
        if (edit) edits.push(edit);
      }
    }
    return edits;
  },
});

const ROTATION_CALLS = new Set([
  'xticks',
  'yticks',
  'set_xticklabels',
  'set_yticklabels',
  'text',
  'annotate',
  'setp',
  'set_rotation',
  'tick_params',
  'xlabel',
  'ylabel',
  'set_xlabel',
  'set_ylabel',
  'set_title',
  'title',
  'suptitle',
  'set',
]);

const stringRotation = defineRule({
  id: 'matplotlib.numeric-string-rotation',
  title: "rotation='90' → rotation=90",
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.6', '2022-09-15'),
  explanation:
    "Text rotation must be a number or 'vertical'/'horizontal'; recent matplotlib rejects numeric strings like '90' that older versions converted silently. The string becomes the number.",
  trigger: {
    errors: [{ ename: 'ValueError', evalue: /rotation must be 'vertical', 'horizontal' or a number/ }],
    pattern: true,
  },
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
        if (value && content !== null && /^\s*-?\d+(\.\d+)?\s*$/.test(content))
          edits.push(replaceNode(value, content.trim()));
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
  explanation:
    "matplotlib 3.6 renamed its bundled seaborn styles to seaborn-v0_8-* (they no longer match seaborn's own) and 3.8 removed the old names. The style looks the same.",
  trigger: {
    errors: [
      { ename: 'OSError', evalue: /'seaborn[\w-]*' (is )?not (found in the style library|a valid package style)/ },
    ],
    pattern: true,
  },
  needles: [/['"]seaborn/],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const rename = (node: Node | null | undefined): void => {
      const content = stringContent(node ?? null, parsed);
      if (!node || content === null || !/^seaborn(-|$)/.test(content) || content.startsWith('seaborn-v0_8')) return;
      const edit = replaceStringContent(
        node,
        content === 'seaborn' ? 'seaborn-v0_8' : content.replace(/^seaborn-/, 'seaborn-v0_8-'),
      );
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
  explanation:
    'Figure.gca() stopped accepting arguments in matplotlib 3.6; add_subplot(projection=…) creates the same axes.',
  trigger: { errors: [{ ename: 'TypeError', evalue: /gca\(\) got an unexpected keyword argument/ }], pattern: true },
  needles: ['gca('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call) || methodName(call, parsed) !== 'gca' || !keywordArgument(call, 'projection', parsed))
        continue;
      edits.push(
        replaceNode(call.childForFieldName('function')?.childForFieldName('attribute') as Node, 'add_subplot'),
      );
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
  explanation:
    "grid()'s first parameter b was renamed visible in matplotlib 3.5 (the old name was removed two releases later).",
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue: /grid\(\) got an unexpected keyword argument 'b'|got an unexpected keyword argument 'b'/,
      },
    ],
    pattern: true,
  },
  needles: ['grid('],
  apply(parsed, ctx) {
    return keywordRenameEdits(
      parsed,
      ctx,
      (call) =>
        methodName(call, parsed) === 'grid' || parsed.text(call.childForFieldName('function') as Node) === 'grid',
      { b: 'visible' },
    );
  },
});

const holdRemoved = defineRule({
  id: 'matplotlib.hold',
  title: 'plt.hold(…) removed; plot(…, hold=True) → plot(…)',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.0', '2018-09-18'),
  deprecatedIn: '2.0',
  explanation:
    'matplotlib 3.0 removed hold() and the hold keyword of the plotting functions: plots always accumulate on the current axes (the old hold(True)). A hold() call is replaced by pass; hold=True on a plotting call ("Line2D.set() got an unexpected keyword argument \'hold\'") is dropped, since it asked for what is now always done. hold=False (clear the axes first) is left alone.',
  trigger: {
    errors: [
      { ename: 'AttributeError', evalue: /has no attribute 'hold'|unexpected keyword argument 'hold'/ },
      { ename: 'TypeError', evalue: /unexpected keyword argument 'hold'/ },
    ],
    pattern: true,
  },
  needles: ['hold'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call) || !methodName(call, parsed)) continue;
      const q = ctx.imports.resolve(call.childForFieldName('function'), parsed) ?? '';
      if (
        !q.startsWith('matplotlib') &&
        !/^(ax\w*|plt)$/.test(parsed.text(call.childForFieldName('function')?.childForFieldName('object') as Node))
      )
        continue;
      if (methodName(call, parsed) === 'hold') {
        if (call.parent?.type === 'expression_statement')
          edits.push(
            replaceNode(
              call.parent,
              `pass  # ${parsed.text(call)}: removed in matplotlib 3.0 (plots always accumulate)`,
            ),
          );
        continue;
      }
      const hold = keywordArgument(call, 'hold', parsed);
      if (hold && parsed.text(hold.childForFieldName('value') as Node) === 'True')
        edits.push(removeArgument(hold, call));
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
  explanation:
    'Axes.set_color_cycle was removed in matplotlib 2.0; set_prop_cycle(color=…) sets the same colour cycle.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /has no attribute 'set_color_cycle'/ }], pattern: true },
  needles: ['set_color_cycle'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call) || methodName(call, parsed) !== 'set_color_cycle') continue;
      const args = callArguments(call);
      if (args.length !== 1 || args[0]?.type === 'keyword_argument') continue;
      edits.push(
        replaceNode(call.childForFieldName('function')?.childForFieldName('attribute') as Node, 'set_prop_cycle'),
        { start: (args[0] as Node).startIndex, end: (args[0] as Node).startIndex, text: 'color=' },
      );
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
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /module 'matplotlib\.mlab' has no attribute 'normpdf'/ }],
    pattern: true,
  },
  needles: ['normpdf'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const fn = call.childForFieldName('function');
      if (!ctx.inScope(call) || ctx.imports.resolve(fn, parsed) !== 'matplotlib.mlab.normpdf' || !fn) continue;
      edits.push(replaceNode(fn, 'scipy.stats.norm.pdf'));
    }
    if (edits.length > 0 && !(ctx.imports.bindings.get('scipy') === 'scipy' && ctx.imports.imports('scipy.stats')))
      edits.push(insertAtCellTop(parsed, 'import scipy.stats'));
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
  explanation:
    'FigureCanvasBase.set_window_title was removed in matplotlib 3.6; the figure manager owns the window title.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /has no attribute 'set_window_title'/ }], pattern: true },
  needles: ['set_window_title'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const receiver = call.childForFieldName('function')?.childForFieldName('object');
      if (
        !ctx.inScope(call) ||
        methodName(call, parsed) !== 'set_window_title' ||
        !receiver ||
        !parsed.text(receiver).endsWith('canvas')
      )
        continue;
      edits.push({ start: receiver.endIndex, end: receiver.endIndex, text: '.manager' });
    }
    return edits;
  },
});

const axes3d = defineRule({
  id: 'matplotlib.axes3d-figure',
  title: "Axes3D(fig) → fig.add_subplot(projection='3d')",
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.6', '2022-09-15'),
  deprecatedIn: '3.4',
  explanation:
    "Since matplotlib 3.6, Axes3D(fig) no longer adds itself to the figure, so everything drawn on it is silently missing from the output. fig.add_subplot(projection='3d') creates the same 3D axes on the figure, fig.add_axes(rect, projection='3d') when a rectangle was given (extra keywords such as elev/azim are passed on).",
  trigger: { pattern: true },
  needles: ['Axes3D('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call)) continue;
      const q = ctx.imports.resolve(call.childForFieldName('function'), parsed);
      if (q !== 'mpl_toolkits.mplot3d.Axes3D' && q !== 'mpl_toolkits.mplot3d.axes3d.Axes3D') continue;
      const positional = positionalArguments(call);
      const keywords = callArguments(call).filter((a) => a.type === 'keyword_argument');
      if (
        positional.length < 1 ||
        positional.length > 2 ||
        callArguments(call).length !== keywords.length + positional.length
      )
        continue;
      // Axes3D(fig, rect) / Axes3D(fig, rect=…): the axes at that rectangle, fig.add_axes(rect, projection='3d')
      const rectKeyword = keywords.find((k) => keywordName(k, parsed) === 'rect');
      const rect = positional[1] ?? rectKeyword?.childForFieldName('value');
      const extra = keywords
        .filter((k) => k !== rectKeyword)
        .map((k) => `, ${parsed.text(k)}`)
        .join('');
      const figure = asPrimary(positional[0] as Node, parsed);
      edits.push(
        replaceNode(
          call,
          rect
            ? `${figure}.add_axes(${parsed.text(rect)}, projection='3d'${extra})`
            : `${figure}.add_subplot(projection='3d'${extra})`,
        ),
      );
    }
    return edits;
  },
});

const barKeywords = defineRule({
  id: 'matplotlib.bar-left-bottom',
  title: 'bar(left=…) → bar(x=…), barh(bottom=…) → barh(y=…)',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.0', '2018-09-18'),
  deprecatedIn: '2.0',
  explanation:
    "bar()'s first parameter left was renamed x, and barh()'s bottom renamed y, in matplotlib 2.0; 3.0 removed the old names. Same bars.",
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /bar(h)?\(\) (got an unexpected keyword argument '(left|bottom)'|missing \d+ required positional argument)/,
      },
    ],
    pattern: true,
  },
  needles: ['left=', 'bottom='],
  apply(parsed, ctx) {
    const name = (call: Node): string =>
      methodName(call, parsed) ?? parsed.text(call.childForFieldName('function') as Node);
    return [
      ...keywordRenameEdits(
        parsed,
        ctx,
        (call) => name(call) === 'bar' && !keywordArgument(call, 'x', parsed) && positionalArguments(call).length < 2,
        { left: 'x' },
      ),
      ...keywordRenameEdits(parsed, ctx, (call) => name(call) === 'barh' && positionalArguments(call).length < 2, {
        bottom: 'y',
      }),
    ];
  },
});

const LOG_SCALE_CALLS = ['set_xscale', 'set_yscale', 'xscale', 'yscale', 'semilogx', 'semilogy', 'loglog'];

const logScaleKeywords = defineRule({
  id: 'matplotlib.log-scale-keywords',
  title: "set_xscale('log', basex=2) → base=2 (and nonposx → nonpositive, subsx → subs)",
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.5', '2021-11-15'),
  deprecatedIn: '3.3',
  explanation:
    "The log scale's per-axis keywords basex/basey, subsx/subsy and nonposx/nonposy were renamed base, subs and nonpositive in matplotlib 3.3 and removed in 3.5. loglog() gets base only when both axes used the same value.",
  trigger: {
    errors: [
      { ename: 'TypeError', evalue: /unexpected keyword argument '(basex|basey|subsx|subsy|nonposx|nonposy)'/ },
      { ename: 'AttributeError', evalue: /no property '(basex|basey|subsx|subsy|nonposx|nonposy)'/ },
    ],
    pattern: true,
  },
  needles: ['basex', 'basey', 'subsx', 'subsy', 'nonposx', 'nonposy'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const name = methodName(call, parsed) ?? parsed.text(call.childForFieldName('function') as Node);
      if (!LOG_SCALE_CALLS.includes(name) || !ctx.inScope(call)) continue;
      for (const [x, y, now] of [
        ['basex', 'basey', 'base'],
        ['subsx', 'subsy', 'subs'],
        ['nonposx', 'nonposy', 'nonpositive'],
      ] as const) {
        const kx = keywordArgument(call, x, parsed);
        const ky = keywordArgument(call, y, parsed);
        if (keywordArgument(call, now, parsed) || (!kx && !ky)) continue;
        if (kx && ky) {
          // loglog(basex=2, basey=2): one base for both axes
          const same =
            parsed.text(kx.childForFieldName('value') as Node) === parsed.text(ky.childForFieldName('value') as Node);
          if (name !== 'loglog' || !same) continue;
          edits.push(replaceNode(kx.childForFieldName('name') as Node, now), {
            start: kx.endIndex,
            end: ky.endIndex,
            text: '',
          });
          continue;
        }
        if (name === 'loglog') continue;
        edits.push(replaceNode(((kx ?? ky) as Node).childForFieldName('name') as Node, now));
      }
    }
    return edits;
  },
});

const CBOOK_MOVES: ModuleMove[] = [
  {
    from: 'matplotlib.cbook',
    names: {
      mplDeprecation: { module: 'matplotlib', name: 'MatplotlibDeprecationWarning' },
      MatplotlibDeprecationWarning: { module: 'matplotlib' },
    },
  },
  { from: 'matplotlib.cm', names: { get_cmap: { module: 'matplotlib.pyplot' } } },
];

const movedNames = defineRule({
  id: 'matplotlib.moved-names',
  title: 'matplotlib.cbook.mplDeprecation → matplotlib.MatplotlibDeprecationWarning, cm.get_cmap → pyplot.get_cmap',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.8', '2023-09-15'),
  deprecatedIn: '3.6',
  explanation:
    'matplotlib.cbook.mplDeprecation (used to silence deprecation warnings) was removed in 3.8: the warning class is matplotlib.MatplotlibDeprecationWarning. matplotlib.cm.get_cmap (also reached as plt.cm.get_cmap) was removed in 3.9; pyplot.get_cmap takes the same name and number of colours.',
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue:
          /module 'matplotlib\.(cbook|cm)' has no attribute '(mplDeprecation|MatplotlibDeprecationWarning|get_cmap)'/,
      },
      { ename: 'ImportError', evalue: /cannot import name '(mplDeprecation|get_cmap)'/ },
    ],
    pattern: true,
  },
  needles: ['mplDeprecation', 'cbook.MatplotlibDeprecationWarning', 'get_cmap'],
  apply(parsed, ctx) {
    const installed = packageVersion(ctx.env, MPL);
    const edits = moduleMoveEdits(parsed, ctx, CBOOK_MOVES[0] as ModuleMove);
    if (installed && compareVersions(installed, '3.9') < 0 && ctx.errors.length === 0) return edits;
    edits.push(...moduleMoveEdits(parsed, ctx, CBOOK_MOVES[1] as ModuleMove));
    // plt.cm.get_cmap(…): cm reached through pyplot
    for (const call of parsed.nodes('call')) {
      const fn = call.childForFieldName('function');
      if (
        !fn ||
        fn.type !== 'attribute' ||
        !ctx.inScope(call) ||
        ctx.imports.resolve(fn, parsed) !== 'matplotlib.pyplot.cm.get_cmap'
      )
        continue;
      edits.push(
        replaceNode(fn, `${parsed.text(fn.childForFieldName('object')?.childForFieldName('object') as Node)}.get_cmap`),
      );
    }
    return edits;
  },
});

const ON_OFF_KEYS = new Set(['bottom', 'top', 'left', 'right', 'labelbottom', 'labeltop', 'labelleft', 'labelright']);

const tickParamsOnOff = defineRule({
  id: 'matplotlib.tick-params-on-off',
  title: "tick_params(bottom='off', labelbottom='off') → False",
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.0', '2018-09-18'),
  deprecatedIn: '2.2',
  explanation:
    "tick_params used to accept the strings 'on'/'off' for its tick and label switches; later versions take booleans, and a non-empty string such as 'off' now counts as true, so the ticks the notebook hid come back. 'off' becomes False and 'on' True.",
  trigger: { pattern: true },
  needles: [/['"](on|off)['"]/],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call) || methodName(call, parsed) !== 'tick_params') continue;
      for (const arg of callArguments(call)) {
        if (arg.type !== 'keyword_argument' || !ON_OFF_KEYS.has(keywordName(arg, parsed))) continue;
        const value = arg.childForFieldName('value');
        const content = stringContent(value, parsed);
        if (value && (content === 'on' || content === 'off'))
          edits.push(replaceNode(value, content === 'on' ? 'True' : 'False'));
      }
    }
    return edits;
  },
});

const W_AXES: Record<string, string> = { w_xaxis: 'xaxis', w_yaxis: 'yaxis', w_zaxis: 'zaxis' };

const axes3dWAxis = defineRule({
  id: 'matplotlib.axes3d-w-axis',
  title: 'ax.w_xaxis / w_yaxis / w_zaxis → ax.xaxis / yaxis / zaxis',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.8', '2023-09-15'),
  deprecatedIn: '3.1',
  explanation:
    "Axes3D's w_xaxis, w_yaxis and w_zaxis were old names of its xaxis, yaxis and zaxis; matplotlib 3.8 removed them.",
  trigger: { errors: [{ ename: 'AttributeError', evalue: /has no attribute 'w_(x|y|z)axis'/ }], pattern: true },
  needles: ['.w_xaxis', '.w_yaxis', '.w_zaxis'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const attr of parsed.nodes('attribute')) {
      const name = attr.childForFieldName('attribute');
      const renamed = name ? W_AXES[parsed.text(name)] : undefined;
      if (name && renamed && ctx.inScope(attr)) edits.push(replaceNode(name, renamed));
    }
    return edits;
  },
});

export const MATPLOTLIB_RULES: Rule[] = [
  axisbg,
  histNormed,
  stringRotation,
  seabornStyles,
  gcaProjection,
  gridB,
  holdRemoved,
  colorCycle,
  mlabNormpdf,
  windowTitle,
  axes3d,
  barKeywords,
  logScaleKeywords,
  movedNames,
  tickParamsOnOff,
  axes3dWAxis,
];
