// pandas: APIs removed between 0.20 and 2.x (.ix, .as_matrix, DataFrame.sort, pd.rolling_*, Series.reshape,
// pandas.tools.plotting, get/set_value, TimeGrouper, from_csv, DataFrame.append in 2.0, positional axis in
// drop, numeric_only defaults, pd.np …).
import type { Node } from 'web-tree-sitter';
import { callNeedle, defineRule, packageVersion, type CellContext, type Rule } from '../rule';
import { compareVersions } from '../version';
import type { ParsedSource } from '../python-parser';
import { insertAt, replaceNode, type SourceEdit } from '../source-edit';
import {
  appendArguments,
  asPrimary,
  callArguments,
  keywordArgument,
  keywordName,
  methodName,
  methodReceiver,
  positionalArguments,
  removeArgument,
  renameKeyword,
  stringContent,
} from '../syntax';
import {
  insertAtCellTop,
  keywordRenameEdits,
  moduleMoveEdits,
  moduleReference,
  positionalToKeywordEdits,
  type ModuleMove,
} from './helpers';
import { eraSignature, PANDAS_KEYWORD_ONLY, PANDAS_POSITIONAL_HISTORY, type KeywordOnlySignature } from './signatures';

const PD = 'pandas';
const pd = (version: string, date: string) => ({ package: PD, version, date });

/** The local name of pandas (`pd`), or null when the notebook does not import it under a name. */
function pandasAlias(ctx: CellContext): string | null {
  return ctx.imports.aliasFor('pandas');
}

type IndexKind = 'full' | 'int' | 'label' | 'expr';

function indexKind(node: Node): IndexKind {
  const isInt = (n: Node | null): boolean =>
    !n ||
    n.type === 'integer' ||
    n.type === 'none' ||
    (n.type === 'unary_operator' && n.namedChildren[0]?.type === 'integer');
  if (node.type === 'slice') {
    const parts = node.namedChildren;
    if (parts.length === 0) return 'full';
    if (parts.every((p) => isInt(p))) return 'int';
    if (parts.every((p) => p.type === 'string')) return 'label';
    return 'expr';
  }
  if (isInt(node)) return 'int';
  if (node.type === 'string') return 'label';
  if (node.type === 'list') {
    const items = node.namedChildren;
    if (items.length > 0 && items.every((i) => isInt(i))) return 'int';
    if (items.length > 0 && items.every((i) => i.type === 'string')) return 'label';
  }
  if (node.type === 'comparison_operator' || node.type === 'boolean_operator' || node.type === 'not_operator')
    return 'label';
  return 'expr';
}

const ix = defineRule({
  id: 'pandas.ix-indexer',
  title: '.ix[...] → .loc[...] / .iloc[...]',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  deprecatedIn: '0.20',
  explanation:
    ".ix (removed in pandas 1.0) read integers as labels on an integer index and as positions otherwise. Rows become .loc (labels, booleans, and integers on the usual integer index keep their meaning); integer column positions become .iloc when all rows are selected, or df.columns[...] inside .loc otherwise. Review if the frame's row index is not integer and the notebook selects rows by position.",
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /'(DataFrame|Series)' object has no attribute 'ix'/ }],
    pattern: true,
  },
  needles: ['.ix['],
  apply(parsed, ctx) {
    if (!ctx.imports.imports('pandas') && ctx.errors.length === 0) return [];
    const edits: SourceEdit[] = [];
    for (const subscript of parsed.nodes('subscript')) {
      const value = subscript.childForFieldName('value');
      if (value?.type !== 'attribute' || !ctx.inScope(subscript)) continue;
      const name = value.childForFieldName('attribute');
      const object = value.childForFieldName('object');
      if (!name || !object || parsed.text(name) !== 'ix') continue;
      const indices = subscript.childrenForFieldName('subscript');
      const [rows, columns] = indices;
      if (!rows || indices.length > 2) continue;
      if (!columns) {
        edits.push(replaceNode(name, 'loc'));
        continue;
      }
      const rowKind = indexKind(rows);
      const columnKind = indexKind(columns);
      if (columnKind !== 'int') {
        edits.push(replaceNode(name, 'loc'));
      } else if (rowKind === 'full') {
        edits.push(replaceNode(name, 'iloc'));
      } else if (['identifier', 'attribute'].includes(object.type)) {
        edits.push(
          replaceNode(name, 'loc'),
          replaceNode(columns, `${parsed.text(object)}.columns[${parsed.text(columns)}]`),
        );
      }
    }
    return edits;
  },
});

const asMatrix = defineRule({
  id: 'pandas.as-matrix',
  title: '.as_matrix() → .values',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  deprecatedIn: '0.23',
  explanation:
    'DataFrame/Series.as_matrix() was removed in pandas 1.0; .values is what it returned (.as_matrix(columns=cols) becomes [cols].values).',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /object has no attribute 'as_matrix'/ }], pattern: true },
  needles: ['as_matrix'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (methodName(call, parsed) !== 'as_matrix' || !ctx.inScope(call)) continue;
      const receiver = methodReceiver(call) as Node;
      const args = callArguments(call);
      const columns =
        positionalArguments(call)[0] ?? keywordArgument(call, 'columns', parsed)?.childForFieldName('value');
      if (args.length > 1 || (args.length === 1 && !columns)) continue;
      edits.push(
        replaceNode(
          call,
          columns
            ? `${asPrimary(receiver, parsed)}[${parsed.text(columns)}].values`
            : `${asPrimary(receiver, parsed)}.values`,
        ),
      );
    }
    return edits;
  },
});

const sortMethods = defineRule({
  id: 'pandas.sort-methods',
  title: 'DataFrame.sort(columns=…) / Series.order() / sort_index(by=…) → sort_values',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('0.20', '2017-05-05'),
  deprecatedIn: '0.17',
  explanation:
    "DataFrame.sort and Series.order were removed in pandas 0.20 (and sort_index(by=…) stopped accepting by): sort_values(by=…) sorts by values, sort_index() by the index. A list's .sort() is recognised by its arguments and left alone.",
  trigger: {
    errors: [
      { ename: 'AttributeError', evalue: /'(DataFrame|Series)' object has no attribute '(sort|order)'/ },
      { ename: 'TypeError', evalue: /sort_index\(\) got an unexpected keyword argument 'by'/ },
    ],
    pattern: true,
  },
  errorScope: 'line',
  needles: ['.sort(', '.order(', 'sort_index('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const name = methodName(call, parsed);
      if (!name || !ctx.inScope(call)) continue;
      const attr = call.childForFieldName('function')?.childForFieldName('attribute');
      if (!attr) continue;
      const positional = positionalArguments(call);
      const columns = keywordArgument(call, 'columns', parsed);
      const pandasKeywords = ['columns', 'ascending', 'inplace', 'axis', 'kind', 'na_position'].some((k) =>
        keywordArgument(call, k, parsed),
      );
      // np.sort(x), sorted-module functions: a receiver that is an imported module is not a DataFrame
      if (ctx.imports.resolve(methodReceiver(call), parsed)) continue;
      if (name === 'sort') {
        // list.sort takes only key=/reverse=; positional arguments or pandas keywords mean DataFrame.sort
        const isPandas = positional.length > 0 || pandasKeywords || ctx.errors.length > 0;
        if (!isPandas || keywordArgument(call, 'key', parsed) || keywordArgument(call, 'reverse', parsed)) continue;
        if (positional.length === 0 && !columns) {
          edits.push(replaceNode(attr, 'sort_index'));
          continue;
        }
        edits.push(replaceNode(attr, 'sort_values'));
        if (columns) {
          const edit = renameKeyword(columns, 'by');
          if (edit) edits.push(edit);
        }
      } else if (name === 'order' && (ctx.errors.length > 0 || pandasKeywords) && positional.length === 0) {
        edits.push(replaceNode(attr, 'sort_values'));
      } else if (name === 'sort_index') {
        const by = keywordArgument(call, 'by', parsed);
        if (by) edits.push(replaceNode(attr, 'sort_values'));
      }
    }
    return edits;
  },
});

interface WindowFunction {
  window: 'rolling' | 'expanding' | 'ewm';
  agg: string;
  /** positional parameters after the data (and the window, for rolling) that go to the aggregation */
  aggPositional?: string[];
}

const WINDOW_FUNCTIONS: Record<string, WindowFunction> = {};
for (const agg of ['mean', 'sum', 'std', 'var', 'min', 'max', 'median', 'count', 'skew', 'kurt']) {
  WINDOW_FUNCTIONS[`rolling_${agg}`] = { window: 'rolling', agg };
  WINDOW_FUNCTIONS[`expanding_${agg}`] = { window: 'expanding', agg };
}
WINDOW_FUNCTIONS.rolling_apply = { window: 'rolling', agg: 'apply', aggPositional: ['func'] };
WINDOW_FUNCTIONS.rolling_quantile = { window: 'rolling', agg: 'quantile', aggPositional: ['quantile'] };
WINDOW_FUNCTIONS.expanding_apply = { window: 'expanding', agg: 'apply', aggPositional: ['func'] };
WINDOW_FUNCTIONS.ewma = { window: 'ewm', agg: 'mean' };
WINDOW_FUNCTIONS.ewmstd = { window: 'ewm', agg: 'std' };
WINDOW_FUNCTIONS.ewmvar = { window: 'ewm', agg: 'var' };

const WINDOW_KEYWORDS: Record<WindowFunction['window'], string[]> = {
  rolling: ['window', 'min_periods', 'center', 'win_type'],
  expanding: ['min_periods', 'center'],
  ewm: ['com', 'span', 'halflife', 'alpha', 'min_periods', 'adjust', 'ignore_na'],
};

const windowFunctions = defineRule({
  id: 'pandas.window-functions',
  title: 'pd.rolling_mean(x, w) → x.rolling(w).mean() (rolling_*, expanding_*, ewma …)',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('0.23', '2018-05-15'),
  deprecatedIn: '0.18',
  explanation:
    'The module-level moving-window functions were deprecated in pandas 0.18 and removed in 0.23; the .rolling(), .expanding() and .ewm() methods compute the same statistics.',
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /module 'pandas' has no attribute '(rolling_|expanding_|ewm)\w*'/ }],
    pattern: true,
  },
  needles: ['rolling_', 'expanding_', 'ewma', 'ewmstd', 'ewmvar'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call)) continue;
      const q = ctx.imports.resolve(call.childForFieldName('function'), parsed);
      if (!q?.startsWith('pandas.')) continue;
      const spec = WINDOW_FUNCTIONS[q.slice('pandas.'.length)];
      if (!spec) continue;
      const positional = positionalArguments(call);
      const data = positional[0];
      if (!data || callArguments(call).some((a) => a.type === 'list_splat' || a.type === 'dictionary_splat')) continue;
      const windowArgs: string[] = [];
      const aggArgs: string[] = [];
      let rest = positional.slice(1);
      if (spec.window === 'rolling') {
        const window = rest[0] ?? keywordArgument(call, 'window', parsed)?.childForFieldName('value');
        if (!window) continue;
        windowArgs.push(parsed.text(window));
        rest = rest.slice(1);
      }
      (spec.aggPositional ?? []).forEach((_, i) => {
        const arg = rest[i];
        if (arg) aggArgs.push(parsed.text(arg));
      });
      if (rest.length > (spec.aggPositional ?? []).length) continue;
      let unknown = false;
      for (const kw of callArguments(call).filter((a) => a.type === 'keyword_argument')) {
        const name = keywordName(kw, parsed);
        const value = parsed.text(kw.childForFieldName('value') as Node);
        if (name === 'window' && spec.window === 'rolling') continue;
        if (WINDOW_KEYWORDS[spec.window].includes(name)) windowArgs.push(`${name}=${value}`);
        else if ((spec.aggPositional ?? []).includes(name)) aggArgs.push(value);
        else if (['ddof', 'args', 'kwargs', 'raw'].includes(name)) aggArgs.push(`${name}=${value}`);
        else if (name === 'freq' || name === 'how') unknown = true;
        else unknown = true;
      }
      if (unknown) continue;
      edits.push(
        replaceNode(
          call,
          `${asPrimary(data, parsed)}.${spec.window}(${windowArgs.join(', ')}).${spec.agg}(${aggArgs.join(', ')})`,
        ),
      );
    }
    return edits;
  },
});

const seriesReshape = defineRule({
  id: 'pandas.series-reshape',
  title: 'series.reshape(…) → series.values.reshape(…)',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  deprecatedIn: '0.19',
  explanation:
    'Series.reshape was removed; reshaping the underlying NumPy array (.values.reshape) gives what it returned. Applied only on the failing line, since NumPy arrays have reshape too.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /'Series' object has no attribute 'reshape'/ }] },
  errorScope: 'line',
  needles: ['.reshape('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (methodName(call, parsed) !== 'reshape' || !ctx.inScope(call)) continue;
      const receiver = methodReceiver(call);
      if (
        !receiver ||
        parsed.text(receiver).endsWith('.values') ||
        ctx.imports.resolve(receiver, parsed)?.startsWith('numpy')
      )
        continue;
      edits.push(insertAt(receiver.endIndex, '.values'));
    }
    return edits;
  },
});

const PLOTTING_MOVES: ModuleMove[] = [
  { from: 'pandas.tools.plotting', to: 'pandas.plotting' },
  { from: 'pandas', names: { scatter_matrix: { module: 'pandas.plotting' } } },
];

const plottingModule = defineRule({
  id: 'pandas.plotting-module',
  title: 'pandas.tools.plotting / pd.scatter_matrix → pandas.plotting',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  deprecatedIn: '0.20',
  explanation:
    'pandas 0.20 moved plotting helpers (scatter_matrix, andrews_curves, parallel_coordinates, …) to pandas.plotting; the old pandas.tools.plotting and pd.scatter_matrix were removed by 1.0.',
  trigger: {
    errors: [
      { ename: 'ModuleNotFoundError', evalue: /No module named 'pandas\.tools/ },
      { ename: 'AttributeError', evalue: /module 'pandas' has no attribute '(scatter_matrix|tools)'/ },
    ],
    pattern: true,
  },
  needles: ['tools', 'scatter_matrix'],
  apply(parsed, ctx) {
    return PLOTTING_MOVES.flatMap((move) => moduleMoveEdits(parsed, ctx, move));
  },
});

const timeGrouper = defineRule({
  id: 'pandas.time-grouper',
  title: "pd.TimeGrouper('M') → pd.Grouper(freq='M')",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  deprecatedIn: '0.21',
  explanation: 'pd.TimeGrouper was removed in pandas 1.0; pd.Grouper(freq=…) groups by time the same way.',
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /module 'pandas' has no attribute 'TimeGrouper'/ }],
    pattern: true,
  },
  needles: ['TimeGrouper'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const fn = call.childForFieldName('function');
      if (!ctx.inScope(call) || ctx.imports.resolve(fn, parsed) !== 'pandas.TimeGrouper' || fn?.type !== 'attribute')
        continue;
      const name = fn.childForFieldName('attribute') as Node;
      edits.push(replaceNode(name, 'Grouper'));
      const first = positionalArguments(call)[0];
      if (first && callArguments(call)[0]?.startIndex === first.startIndex)
        edits.push(insertAt(first.startIndex, 'freq='));
    }
    return edits;
  },
});

const getSetValue = defineRule({
  id: 'pandas.get-set-value',
  title: 'df.get_value(i, c) / df.set_value(i, c, v) → df.at[i, c]',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  deprecatedIn: '0.21',
  explanation:
    'get_value/set_value were removed in pandas 1.0; .at[row, column] reads and writes one value the same way.',
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /object has no attribute '(get_value|set_value)'/ }],
    pattern: true,
  },
  needles: ['get_value(', 'set_value('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const name = methodName(call, parsed);
      if ((name !== 'get_value' && name !== 'set_value') || !ctx.inScope(call)) continue;
      const receiver = methodReceiver(call) as Node;
      const args = positionalArguments(call);
      if (args.length !== callArguments(call).length) continue;
      const r = asPrimary(receiver, parsed);
      if (name === 'get_value' && args.length === 2)
        edits.push(replaceNode(call, `${r}.at[${args.map((a) => parsed.text(a)).join(', ')}]`));
      if (name === 'set_value' && args.length === 3 && call.parent?.type === 'expression_statement') {
        edits.push(
          replaceNode(
            call,
            `${r}.at[${parsed.text(args[0] as Node)}, ${parsed.text(args[1] as Node)}] = ${parsed.text(args[2] as Node)}`,
          ),
        );
      }
    }
    return edits;
  },
});

const fromCsv = defineRule({
  id: 'pandas.from-csv',
  title: 'DataFrame.from_csv(path) → pd.read_csv(path, index_col=0, parse_dates=True)',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  deprecatedIn: '0.21',
  explanation:
    "DataFrame.from_csv/Series.from_csv were removed in pandas 1.0; read_csv with from_csv's defaults (first column as index, dates parsed) reads the same frame.",
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /type object '(DataFrame|Series)' has no attribute 'from_csv'/ }],
    pattern: true,
  },
  needles: ['from_csv'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const alias = pandasAlias(ctx);
    for (const call of parsed.nodes('call')) {
      const q = ctx.imports.resolve(call.childForFieldName('function'), parsed);
      if (!ctx.inScope(call) || (q !== 'pandas.DataFrame.from_csv' && q !== 'pandas.Series.from_csv')) continue;
      const args = callArguments(call).map((a) => parsed.text(a));
      const hasIndex = !!keywordArgument(call, 'index_col', parsed);
      const hasDates = !!keywordArgument(call, 'parse_dates', parsed);
      const extra = [hasIndex ? null : 'index_col=0', hasDates ? null : 'parse_dates=True'].filter(Boolean);
      const reader = alias ? `${alias}.read_csv` : 'pandas.read_csv';
      const squeeze = q === 'pandas.Series.from_csv' ? ".squeeze('columns')" : '';
      edits.push(replaceNode(call, `${reader}(${[...args, ...extra].join(', ')})${squeeze}`));
    }
    return edits;
  },
});

const readerKeywords = defineRule({
  id: 'pandas.reader-keywords',
  title: "read_excel(sheetname=…) → sheet_name; read_csv(error_bad_lines=False) → on_bad_lines='skip'",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  explanation:
    "read_excel's sheetname became sheet_name (removed in 1.0); read_csv's error_bad_lines/warn_bad_lines were replaced by on_bad_lines in 1.3 and removed in 2.0 (error_bad_lines=False → on_bad_lines='skip').",
  trigger: {
    errors: [
      { ename: 'TypeError', evalue: /unexpected keyword argument '(sheetname|error_bad_lines|warn_bad_lines)'/ },
    ],
    pattern: true,
  },
  needles: ['sheetname', 'bad_lines'],
  apply(parsed, ctx) {
    const edits = keywordRenameEdits(
      parsed,
      ctx,
      (call) => /^pandas\.read_excel$/.test(ctx.imports.resolve(call.childForFieldName('function'), parsed) ?? ''),
      { sheetname: 'sheet_name' },
    );
    const version = packageVersion(ctx.env, 'pandas');
    if (!version || compareVersions(version, '2.0') < 0) return edits;
    for (const call of parsed.nodes('call')) {
      if (
        !ctx.inScope(call) ||
        !/^pandas\.read_(csv|table)$/.test(ctx.imports.resolve(call.childForFieldName('function'), parsed) ?? '')
      )
        continue;
      const errorBad = keywordArgument(call, 'error_bad_lines', parsed);
      const warnBad = keywordArgument(call, 'warn_bad_lines', parsed);
      if (errorBad && parsed.text(errorBad.childForFieldName('value') as Node) === 'False') {
        edits.push(
          replaceNode(
            errorBad,
            warnBad && parsed.text(warnBad.childForFieldName('value') as Node) === 'True'
              ? "on_bad_lines='warn'"
              : "on_bad_lines='skip'",
          ),
        );
        if (warnBad) edits.push(removeArgument(warnBad, call));
      } else if (errorBad) edits.push(removeArgument(errorBad, call));
      else if (warnBad) edits.push(removeArgument(warnBad, call));
    }
    return edits;
  },
});

const dataFrameAppend = defineRule({
  id: 'pandas.dataframe-append',
  title: 'df.append(other) → pd.concat([df, other])',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.4',
  explanation:
    "DataFrame.append and Series.append were removed in pandas 2.0; pd.concat([df, other]) builds the same frame (a dict row becomes a one-row DataFrame). A list's .append is recognised (it returns nothing, so its result is never assigned, and it takes no keywords) and left alone.",
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /'(DataFrame|Series)' object has no attribute 'append'/ }],
    pattern: true,
  },
  errorScope: 'line',
  needles: ['.append('],
  apply(parsed, ctx) {
    const alias = pandasAlias(ctx);
    if (!alias) return [];
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (methodName(call, parsed) !== 'append' || !ctx.inScope(call)) continue;
      const receiver = methodReceiver(call) as Node;
      const positional = positionalArguments(call);
      const other = positional[0] ?? keywordArgument(call, 'other', parsed)?.childForFieldName('value');
      if (!other || positional.length > 1) continue;
      const keywords = callArguments(call).filter(
        (a) => a.type === 'keyword_argument' && keywordName(a, parsed) !== 'other',
      );
      // list.append returns None, so a list's append result is never assigned, returned or chained
      const resultUsed = ['assignment', 'return_statement', 'attribute', 'keyword_argument'].includes(
        call.parent?.type ?? '',
      );
      const isPandas = ctx.errors.length > 0 || keywords.length > 0 || resultUsed;
      if (!isPandas || (ctx.errors.length === 0 && !resultUsed)) continue;
      const otherText =
        other.type === 'dictionary'
          ? `${alias}.DataFrame([${parsed.text(other)}])`
          : other.type === 'list'
            ? other.namedChildren.map((n) => parsed.text(n)).join(', ')
            : parsed.text(other);
      const kwText = keywords.map((k) => parsed.text(k)).join(', ');
      edits.push(
        replaceNode(call, `${alias}.concat([${parsed.text(receiver)}, ${otherText}]${kwText ? `, ${kwText}` : ''})`),
      );
    }
    return edits;
  },
});

const positionalAxis = defineRule({
  id: 'pandas.drop-positional-axis',
  title: 'df.drop(cols, 1) → df.drop(cols, axis=1)',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.3',
  explanation:
    'pandas 2.0 made every argument of DataFrame.drop after the labels keyword-only; the second positional argument was the axis.',
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /drop\(\) takes from \d+ to \d+ positional arguments/ }],
    pattern: true,
  },
  needles: ['.drop('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (methodName(call, parsed) !== 'drop' || !ctx.inScope(call)) continue;
      const positional = positionalArguments(call);
      const axis = positional[1];
      if (positional.length !== 2 || !axis || keywordArgument(call, 'axis', parsed)) continue;
      if (!['integer', 'string'].includes(axis.type)) continue;
      edits.push(insertAt(axis.startIndex, 'axis='));
    }
    return edits;
  },
});

const NUMERIC_REDUCTIONS = [
  'mean',
  'median',
  'sum',
  'std',
  'var',
  'corr',
  'cov',
  'prod',
  'sem',
  'skew',
  'kurt',
  'quantile',
];

const numericOnly = defineRule({
  id: 'pandas.numeric-only',
  title: 'reductions over mixed columns → .mean(numeric_only=True)',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.5',
  explanation:
    'Until pandas 2.0, mean()/sum()/corr()… silently dropped non-numeric columns; now they raise. numeric_only=True restores the old result. Applied on the failing line only.',
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /Could not convert|could not convert|unsupported operand type|agg function failed|does not support reduction/,
      },
      { ename: 'ValueError', evalue: /could not convert string to float/ },
    ],
  },
  errorScope: 'line',
  needles: NUMERIC_REDUCTIONS.map((m) => `.${m}(`),
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const name = methodName(call, parsed);
      if (
        !name ||
        !NUMERIC_REDUCTIONS.includes(name) ||
        !ctx.inScope(call) ||
        keywordArgument(call, 'numeric_only', parsed)
      )
        continue;
      if (ctx.imports.resolve(methodReceiver(call), parsed)?.startsWith('numpy')) continue;
      const edit = appendArguments(call, ['numeric_only=True'], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});

const pdNp = defineRule({
  id: 'pandas.pd-np',
  title: 'pd.np.X → np.X',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.0',
  explanation: 'pandas re-exported numpy as pd.np until 2.0; import numpy directly.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /module 'pandas' has no attribute 'np'/ }], pattern: true },
  needles: ['.np.'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const uses = parsed
      .nodes('attribute')
      .filter((attr) => ctx.inScope(attr) && ctx.imports.resolve(attr, parsed) === 'pandas.np');
    const np = uses.length > 0 ? moduleReference(parsed, ctx, 'numpy', 'np') : null;
    if (!np) return [];
    for (const attr of uses) edits.push(replaceNode(attr, np.name));
    return [...edits, ...np.edits];
  },
});

const PANDAS2_ATTRIBUTES: Record<string, string> = { is_monotonic: 'is_monotonic_increasing' };
const PANDAS2_NAMES: Record<string, string> = { Int64Index: 'Index', UInt64Index: 'Index', Float64Index: 'Index' };

const pandas2Names = defineRule({
  id: 'pandas.2-removed-names',
  title:
    'pandas 2.0 removals: Int64Index/Float64Index → Index, .is_monotonic → .is_monotonic_increasing, pd.datetime → datetime',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  explanation:
    'pandas 2.0 removed the typed Index subclasses (pd.Index infers the dtype), the is_monotonic alias and the pd.datetime re-export of the standard library class.',
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue: /has no attribute '(Int64Index|UInt64Index|Float64Index|is_monotonic|datetime)'/,
      },
    ],
    pattern: true,
  },
  needles: ['Int64Index', 'Float64Index', 'is_monotonic', 'datetime'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    let needsDatetime = false;
    for (const attr of parsed.nodes('attribute')) {
      if (!ctx.inScope(attr)) continue;
      const name = attr.childForFieldName('attribute') as Node;
      const q = ctx.imports.resolve(attr, parsed);
      const last = parsed.text(name);
      if (q && q.startsWith('pandas.') && last in PANDAS2_NAMES && q === `pandas.${last}`)
        edits.push(replaceNode(name, PANDAS2_NAMES[last] as string));
      else if (q === 'pandas.datetime') {
        edits.push(replaceNode(attr, 'datetime.datetime'));
        needsDatetime = true;
      } else if (last in PANDAS2_ATTRIBUTES && attr.parent?.type !== 'call')
        edits.push(replaceNode(name, PANDAS2_ATTRIBUTES[last] as string));
    }
    if (needsDatetime && ctx.imports.bindings.get('datetime') !== 'datetime')
      edits.push(insertAtCellTop(parsed, 'import datetime'));
    return edits;
  },
});

const strReplaceRegex = defineRule({
  id: 'pandas.str-replace-regex',
  title: '.str.replace(pattern, repl) → regex=True where the pattern is a regular expression',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.4',
  explanation:
    'Series.str.replace treated the pattern as a regular expression by default until pandas 2.0 and as a literal string since; regex=True keeps the old behaviour where the pattern has regex syntax.',
  trigger: { pattern: true },
  needles: ['.str.replace('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (methodName(call, parsed) !== 'replace' || !ctx.inScope(call)) continue;
      const receiver = methodReceiver(call);
      if (
        !receiver ||
        receiver.type !== 'attribute' ||
        parsed.text(receiver.childForFieldName('attribute') as Node) !== 'str'
      )
        continue;
      if (keywordArgument(call, 'regex', parsed)) continue;
      const pattern = stringContent(positionalArguments(call)[0] ?? null, parsed);
      if (pattern === null || !/[\\^$.*+?()[\]{}|]/.test(pattern) || pattern.length < 2) continue;
      const edit = appendArguments(call, ['regex=True'], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});

/** Receivers that are surely not pandas objects: literals and imported modules (np.any(x, 1) is numpy's). */
function surelyNotPandas(receiver: Node | null, parsed: Parameters<Rule['apply']>[0], ctx: CellContext): boolean {
  if (!receiver) return true;
  if (
    [
      'string',
      'concatenated_string',
      'integer',
      'float',
      'list',
      'tuple',
      'dictionary',
      'set',
      'list_comprehension',
    ].includes(receiver.type)
  )
    return true;
  return ctx.imports.resolve(receiver, parsed) !== null;
}

/** Methods whose extra positional arguments are ambiguous with other libraries' methods of the same name. */
const KEYWORD_ONLY_SKIP = new Set([
  'drop',
  'replace',
  'clip',
  'where',
  'mask',
  'query',
  'eval',
  'join',
  'to_stata',
  'set_names',
]);

/** The 2.0 signature of a DataFrame/Series method when both owners agree on the names `positional` arguments get. */
function methodSignature(name: string, positional: number): KeywordOnlySignature | null {
  const owners = PANDAS_KEYWORD_ONLY[name];
  if (!owners || KEYWORD_ONLY_SKIP.has(name)) return null;
  const candidates = [owners.DataFrame, owners.Series].filter((s): s is KeywordOnlySignature => !!s);
  const first = candidates[0];
  if (!first) return null;
  const count = positional - first[0];
  const agree = candidates.every(
    (c) => c[0] === first[0] && c.slice(1, 1 + count).join() === first.slice(1, 1 + count).join(),
  );
  return agree ? first : null;
}

const keywordOnlyArguments = defineRule({
  id: 'pandas.keyword-only-arguments',
  title: "pd.concat([a, b], 1) → axis=1, read_csv(path, ';') → sep=';', df.dropna(1) → axis=1 … (pandas 2.0)",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.1',
  explanation:
    'pandas 2.0 made the arguments after the first one(s) keyword-only for concat, the readers (read_csv, read_table, read_excel, read_json …), pivot, and DataFrame/Series methods such as dropna, fillna, sort_index, set_index, reset_index, drop_duplicates, interpolate, and .str.split. The positional arguments get the names they had in the old order. Methods whose name other libraries share with a different signature (replace, clip, where, join …) are left alone.',
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /takes (from \d+ to )?\d+ positional arguments? but \d+ (were|was) given/ }],
    pattern: true,
  },
  needles: [callNeedle(Object.keys(PANDAS_KEYWORD_ONLY))],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call)) continue;
      const positional = positionalArguments(call).length;
      if (positional < 1) continue;
      const fn = call.childForFieldName('function');
      const qualified = ctx.imports.resolve(fn, parsed);
      let signature: KeywordOnlySignature | null | undefined = null;
      if (qualified?.startsWith('pandas.')) {
        signature = PANDAS_KEYWORD_ONLY[qualified.slice(qualified.lastIndexOf('.') + 1)]?.pd;
      } else if (!qualified && fn?.type === 'attribute') {
        const name = methodName(call, parsed) as string;
        const receiver = methodReceiver(call);
        const isStr =
          receiver?.type === 'attribute' && parsed.text(receiver.childForFieldName('attribute') as Node) === 'str';
        if (name === 'split' || name === 'rsplit') signature = isStr ? PANDAS_KEYWORD_ONLY[name]?.str : null;
        else if (!surelyNotPandas(receiver, parsed, ctx)) signature = methodSignature(name, positional);
      }
      if (!signature) continue;
      // the order of the notebook's era (read_excel's third argument was skiprows before 0.24, not names)
      const name = qualified?.startsWith('pandas.')
        ? qualified.slice(qualified.lastIndexOf('.') + 1)
        : (methodName(call, parsed) as string);
      const histories = PANDAS_POSITIONAL_HISTORY[name];
      const history = histories
        ? qualified?.startsWith('pandas.')
          ? histories.pd
          : (histories.DataFrame ?? histories.Series ?? histories.str)
        : undefined;
      const choice = eraSignature(signature, history, ctx.created, null, positional);
      if ('signature' in choice) edits.push(...positionalToKeywordEdits(call, choice.signature, parsed, 2));
    }
    return edits;
  },
});

const readSqueeze = defineRule({
  id: 'pandas.read-squeeze',
  title: "read_csv(…, squeeze=True) → read_csv(…).squeeze('columns')",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.4',
  explanation:
    "The readers' squeeze argument was removed in pandas 2.0; calling .squeeze('columns') on the frame returns the Series that squeeze=True returned for one-column data (and the frame otherwise).",
  trigger: { errors: [{ ename: 'TypeError', evalue: /unexpected keyword argument 'squeeze'/ }], pattern: true },
  needles: ['squeeze='],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (
        !ctx.inScope(call) ||
        !/^pandas\.read_(csv|table|excel|fwf)$/.test(
          ctx.imports.resolve(call.childForFieldName('function'), parsed) ?? '',
        )
      )
        continue;
      const kw = keywordArgument(call, 'squeeze', parsed);
      const value = kw?.childForFieldName('value');
      if (!kw || !value) continue;
      if (parsed.text(value) === 'True')
        edits.push(removeArgument(kw, call), insertAt(call.endIndex, ".squeeze('columns')"));
      else if (parsed.text(value) === 'False') edits.push(removeArgument(kw, call));
    }
    return edits;
  },
});

/** `x` when it can be repeated without evaluating anything twice that matters (a name, attribute or column). */
function repeatable(node: Node | null, parsed: Parameters<Rule['apply']>[0]): string | null {
  if (!node) return null;
  if (node.type === 'identifier' || node.type === 'attribute') return parsed.text(node);
  if (node.type === 'subscript') {
    const value = node.childForFieldName('value');
    const index = node.childForFieldName('subscript');
    if (
      (value?.type === 'identifier' || value?.type === 'attribute') &&
      index &&
      ['string', 'integer', 'list'].includes(index.type)
    )
      return parsed.text(node);
  }
  return null;
}

const lookupMad = defineRule({
  id: 'pandas.lookup-mad',
  title: 'df.lookup(rows, cols) → indexing by get_indexer; x.mad() → (x - x.mean()).abs().mean()',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.2',
  explanation:
    'pandas 2.0 removed DataFrame.lookup (deprecated 1.2) and Series/DataFrame.mad (deprecated 1.5). lookup(rows, cols) picked one value per (row label, column label) pair: df.values[df.index.get_indexer(rows), df.columns.get_indexer(cols)] picks the same values. mad() was the mean absolute deviation around the mean, which (x - x.mean()).abs().mean() computes.',
  trigger: {
    errors: [{ ename: 'AttributeError', evalue: /'(DataFrame|Series)' object has no attribute '(lookup|mad)'/ }],
    pattern: true,
  },
  needles: ['.lookup(', '.mad('],
  apply(parsed, ctx) {
    if (!ctx.imports.imports('pandas') && ctx.errors.length === 0) return [];
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const name = methodName(call, parsed);
      if ((name !== 'lookup' && name !== 'mad') || !ctx.inScope(call)) continue;
      const receiver = methodReceiver(call);
      const x = repeatable(receiver, parsed);
      if (!x || surelyNotPandas(receiver, parsed, ctx)) continue;
      const args = callArguments(call);
      if (name === 'mad' && args.length === 0) edits.push(replaceNode(call, `(${x} - ${x}.mean()).abs().mean()`));
      const positional = positionalArguments(call);
      if (name === 'lookup' && args.length === 2 && positional.length === 2) {
        const [rows, cols] = positional.map((a) => parsed.text(a));
        edits.push(
          replaceNode(
            call,
            `${x}.values[${x}.index.get_indexer(${rows as string}), ${x}.columns.get_indexer(${cols as string})]`,
          ),
        );
      }
    }
    return edits;
  },
});

const removedMethods = defineRule({
  id: 'pandas.removed-methods',
  title:
    'get_dtype_counts, ftypes, clip_upper/clip_lower, sortlevel, reindex_axis, convert_objects, DataFrame.from_items, valid (pandas 1.0)',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  deprecatedIn: '0.20',
  explanation:
    "Methods pandas removed by 1.0, each with a direct replacement: get_dtype_counts() → dtypes.value_counts(), ftypes → dtypes, clip_upper(x)/clip_lower(x) → clip(upper=x)/clip(lower=x), sortlevel(l) → sort_index(level=l), reindex_axis → reindex, convert_objects() → infer_objects() (convert_numeric=True on a column → pd.to_numeric(…, errors='coerce')), DataFrame.from_items(items) → DataFrame(dict(items)), Series.valid() → dropna() (on the failing line only: the name is common).",
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue:
          /object has no attribute '(get_dtype_counts|ftypes|clip_upper|clip_lower|sortlevel|reindex_axis|convert_objects|from_items|valid)'/,
      },
    ],
    pattern: true,
  },
  needles: [
    'get_dtype_counts',
    'ftypes',
    'clip_upper',
    'clip_lower',
    'sortlevel',
    'reindex_axis',
    'convert_objects',
    'from_items',
    '.valid(',
  ],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    const alias = pandasAlias(ctx) ?? 'pd';
    const attrOf = (call: Node): Node => call.childForFieldName('function')?.childForFieldName('attribute') as Node;
    for (const attr of parsed.nodes('attribute')) {
      const name = attr.childForFieldName('attribute');
      if (name && parsed.text(name) === 'ftypes' && ctx.inScope(attr) && attr.parent?.type !== 'call')
        edits.push(replaceNode(name, 'dtypes'));
    }
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call)) continue;
      const q = ctx.imports.resolve(call.childForFieldName('function'), parsed);
      if (
        q === 'pandas.DataFrame.from_items' &&
        callArguments(call).length === 1 &&
        positionalArguments(call).length === 1
      ) {
        edits.push(
          replaceNode(
            call,
            `${parsed.text(call.childForFieldName('function')?.childForFieldName('object') as Node)}(dict(${parsed.text(positionalArguments(call)[0] as Node)}))`,
          ),
        );
        continue;
      }
      const name = methodName(call, parsed);
      const receiver = methodReceiver(call);
      if (!name || q || !receiver) continue;
      const args = callArguments(call);
      const positional = positionalArguments(call);
      if (name === 'get_dtype_counts' && args.length === 0)
        edits.push(replaceNode(attrOf(call), 'dtypes.value_counts'));
      else if ((name === 'clip_upper' || name === 'clip_lower') && positional.length === 1) {
        edits.push(
          replaceNode(attrOf(call), 'clip'),
          insertAt((positional[0] as Node).startIndex, name === 'clip_upper' ? 'upper=' : 'lower='),
        );
      } else if (name === 'sortlevel') {
        edits.push(replaceNode(attrOf(call), 'sort_index'));
        const level = positional[0];
        if (level && args[0]?.startIndex === level.startIndex) edits.push(insertAt(level.startIndex, 'level='));
        else if (!keywordArgument(call, 'level', parsed)) {
          const edit = appendArguments(call, ['level=0'], parsed);
          if (edit) edits.push(edit);
        }
      } else if (name === 'reindex_axis') edits.push(replaceNode(attrOf(call), 'reindex'));
      else if (name === 'convert_objects') {
        const numeric = keywordArgument(call, 'convert_numeric', parsed);
        if (args.length === 0) edits.push(replaceNode(attrOf(call), 'infer_objects'));
        else if (
          args.length === 1 &&
          numeric &&
          parsed.text(numeric.childForFieldName('value') as Node) === 'True' &&
          receiver.type === 'subscript'
        ) {
          edits.push(replaceNode(call, `${alias}.to_numeric(${parsed.text(receiver)}, errors='coerce')`));
        }
      } else if (name === 'valid' && args.length === 0) {
        // a common method name: only the call the error points at
        const text = parsed.text(call);
        if (ctx.errors.some((e) => (e.line ?? '').includes(text) || e.traceback.some((frame) => frame.includes(text))))
          edits.push(replaceNode(attrOf(call), 'dropna'));
      }
    }
    return edits;
  },
});

const resampleHow = defineRule({
  id: 'pandas.resample-how',
  title: "x.resample('M', how='mean') → x.resample('M').mean()",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  deprecatedIn: '0.18',
  explanation:
    'resample() became a deferred, groupby-like operation in pandas 0.18 and its how=/fill_method= arguments were later removed: the aggregation (or fill) is now a method call on the resampler, which computes the same result.',
  trigger: {
    errors: [{ ename: 'TypeError', evalue: /resample\(\) got an unexpected keyword argument '(how|fill_method)'/ }],
    pattern: true,
  },
  needles: ['how=', 'fill_method='],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (methodName(call, parsed) !== 'resample' || !ctx.inScope(call)) continue;
      const how = keywordArgument(call, 'how', parsed);
      const fill = keywordArgument(call, 'fill_method', parsed);
      const kw = how ?? fill;
      if (!kw || (how && fill)) continue;
      const method = stringContent(kw.childForFieldName('value'), parsed);
      if (
        !method ||
        !/^(mean|sum|median|min|max|first|last|count|std|var|ohlc|prod|nunique|ffill|bfill|pad|backfill)$/.test(method)
      )
        continue;
      edits.push(removeArgument(kw, call), insertAt(call.endIndex, `.${method}()`));
    }
    return edits;
  },
});

const TESTING_MOVES: ModuleMove[] = [
  {
    from: 'pandas.util.testing',
    to: 'pandas._testing',
    names: Object.fromEntries(
      ['assert_frame_equal', 'assert_series_equal', 'assert_index_equal', 'assert_extension_array_equal'].map((n) => [
        n,
        { module: 'pandas.testing' },
      ]),
    ),
  },
  { from: 'pandas.io.json', names: { json_normalize: { module: 'pandas' } } },
];

const movedModules = defineRule({
  id: 'pandas.moved-functions',
  title: 'pandas.util.testing → pandas.testing, pandas.io.json.json_normalize → pd.json_normalize (pandas 2.0)',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.0',
  explanation:
    'pandas 1.0 moved json_normalize to the top level and the assert_* helpers to pandas.testing (the rest of pandas.util.testing lives on as pandas._testing); 2.0 removed the old paths.',
  trigger: {
    errors: [
      { ename: 'ModuleNotFoundError', evalue: /No module named 'pandas\.util\.testing'/ },
      { ename: 'ImportError', evalue: /cannot import name 'json_normalize'/ },
    ],
    pattern: true,
  },
  needles: ['util.testing', 'json_normalize'],
  apply(parsed, ctx) {
    return TESTING_MOVES.flatMap((move) => moduleMoveEdits(parsed, ctx, move));
  },
});

const weekOfYear = defineRule({
  id: 'pandas.weekofyear',
  title: '.dt.weekofyear / .dt.week → .dt.isocalendar().week',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.1',
  explanation:
    'Series.dt.week/.weekofyear (and DatetimeIndex.week/.weekofyear) were removed in pandas 2.0; isocalendar().week is the same ISO week number.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /has no attribute '(weekofyear|week)'/ }], pattern: true },
  needles: ['.week'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const attr of parsed.nodes('attribute')) {
      const name = attr.childForFieldName('attribute');
      const object = attr.childForFieldName('object');
      if (
        !name ||
        !object ||
        !ctx.inScope(attr) ||
        !['week', 'weekofyear'].includes(parsed.text(name)) ||
        attr.parent?.type === 'call'
      )
        continue;
      // `.dt.week` on a Series; on anything else only where the error says so
      const dt = object.type === 'attribute' && parsed.text(object.childForFieldName('attribute') as Node) === 'dt';
      if (dt || (ctx.errors.length > 0 && parsed.text(name) === 'weekofyear'))
        edits.push(replaceNode(name, 'isocalendar().week'));
    }
    return edits;
  },
});

const seriesAggDict = defineRule({
  id: 'pandas.series-agg-dict',
  title: "grouped['col'].agg({'name': 'sum'}) → .agg([('name', 'sum')])",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  deprecatedIn: '0.20',
  explanation:
    'Renaming the result of a Series aggregation with a dict ({\'new_name\': func}) was removed in pandas 1.0 ("nested renamer is not supported"); a list of (name, func) pairs gives the same columns. Applied on the failing line; nested dicts on a DataFrame are left for review (their replacement changes the column levels).',
  trigger: { errors: [{ ename: 'SpecificationError', evalue: /nested renamer is not supported/ }] },
  errorScope: 'line',
  needles: ['.agg(', '.aggregate('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const name = methodName(call, parsed);
      if ((name !== 'agg' && name !== 'aggregate') || !ctx.inScope(call)) continue;
      const args = callArguments(call);
      const dict = args[0];
      if (args.length !== 1 || dict?.type !== 'dictionary') continue;
      const pairs = dict.namedChildren.filter((c) => c.type !== 'comment');
      if (
        pairs.length === 0 ||
        !pairs.every((p) => p.type === 'pair' && p.childForFieldName('value')?.type !== 'dictionary')
      )
        continue;
      const items = pairs.map(
        (p) =>
          `(${parsed.text(p.childForFieldName('key') as Node)}, ${parsed.text(p.childForFieldName('value') as Node)})`,
      );
      edits.push(replaceNode(dict, `[${items.join(', ')}]`));
    }
    return edits;
  },
});

const LEVEL_REDUCTIONS = new Set([
  'sum',
  'mean',
  'median',
  'min',
  'max',
  'count',
  'std',
  'var',
  'prod',
  'sem',
  'skew',
  'kurt',
  'any',
  'all',
  'mad',
]);

const reductionLevel = defineRule({
  id: 'pandas.reduction-level',
  title: 's.sum(level=0) → s.groupby(level=0).sum()',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.3',
  explanation:
    'The level= argument of reductions (sum, mean, count …) was removed in pandas 2.0; grouping by that index level first computes the same thing.',
  trigger: { errors: [{ ename: 'TypeError', evalue: /got an unexpected keyword argument 'level'/ }], pattern: true },
  needles: ['level='],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const name = methodName(call, parsed);
      const receiver = methodReceiver(call);
      if (!name || !LEVEL_REDUCTIONS.has(name) || !ctx.inScope(call) || surelyNotPandas(receiver, parsed, ctx))
        continue;
      const level = keywordArgument(call, 'level', parsed);
      if (!level || positionalArguments(call).length > 0) continue;
      edits.push(removeArgument(level, call), insertAt((receiver as Node).endIndex, `.groupby(${parsed.text(level)})`));
    }
    return edits;
  },
});

/** Methods whose inplace argument pandas 2.0 removed (deprecated in 1.5): they only return the new object now. */
const INPLACE_REMOVED = new Set([
  'set_axis',
  'set_categories',
  'rename_categories',
  'reorder_categories',
  'add_categories',
  'remove_categories',
  'remove_unused_categories',
  'as_ordered',
  'as_unordered',
  'set_levels',
  'set_codes',
]);
const CATEGORY_METHODS = new Set(
  [...INPLACE_REMOVED].filter((m) => m !== 'set_axis' && m !== 'set_levels' && m !== 'set_codes'),
);

const inplaceRemoved = defineRule({
  id: 'pandas.inplace-removed',
  title:
    'df.set_axis(labels, axis=1, inplace=True) → df = df.set_axis(labels, axis=1); the same for .cat.set_categories & co.',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.5',
  explanation:
    "pandas 1.5 deprecated and 2.0 removed the inplace argument of set_axis, of the categorical methods (.cat.set_categories, rename_categories, reorder_categories, add_categories, remove_categories, remove_unused_categories, as_ordered, as_unordered) and of MultiIndex.set_levels/set_codes (\"got an unexpected keyword argument 'inplace'\"). They return the changed object, so a statement `x.m(…, inplace=True)` becomes `x = x.m(…)`, which binds the same object the in-place call produced (for a frame's column, df['c'] = df['c'].cat.…, as the in-place call changed the column); inplace=False is dropped. Only whole statements whose receiver can be assigned (a name, an attribute, a subscript).",
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue:
          /(set_axis|_categories|as_ordered|as_unordered|set_levels|set_codes)\(\) got an unexpected keyword argument 'inplace'/,
      },
    ],
    pattern: true,
  },
  needles: ['inplace'],
  apply(parsed, ctx) {
    if (!ctx.imports.imports('pandas')) return [];
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const name = methodName(call, parsed);
      if (!name || !INPLACE_REMOVED.has(name) || !ctx.inScope(call)) continue;
      const kw = keywordArgument(call, 'inplace', parsed);
      const value = kw ? parsed.text(kw.childForFieldName('value') as Node) : null;
      if (!kw || (value !== 'True' && value !== 'False')) continue;
      let receiver = methodReceiver(call);
      // s.cat.set_categories(…): the object to rebind is s
      if (CATEGORY_METHODS.has(name)) {
        if (receiver?.type !== 'attribute' || parsed.text(receiver.childForFieldName('attribute') as Node) !== 'cat')
          continue;
        receiver = receiver.childForFieldName('object');
      }
      if (value === 'False') {
        edits.push(removeArgument(kw, call));
        continue;
      }
      if (
        !receiver ||
        !['identifier', 'attribute', 'subscript'].includes(receiver.type) ||
        call.parent?.type !== 'expression_statement'
      )
        continue;
      edits.push(insertAt(call.startIndex, `${parsed.text(receiver)} = `), removeArgument(kw, call));
    }
    return edits;
  },
});

/** `df['col'][:, np.newaxis]`: a string-keyed column selection indexed with a tuple (a Series, multi-dimensionally). */
function seriesMultiIndex(node: Node, parsed: ParsedSource): Node | null {
  const value = node.childForFieldName('value');
  const index = node.childrenForFieldName('subscript');
  if (!value || value.type !== 'subscript' || index.length < 2) return null;
  if (index[0]?.type !== 'slice' || parsed.text(index[0]).replace(/\s/g, '') !== ':') return null;
  const key = value.childrenForFieldName('subscript');
  return key.length === 1 && key[0]?.type === 'string' ? value : null;
}

const seriesMultiDimIndexing = defineRule({
  id: 'pandas.series-multidim-indexing',
  title: 'series[:, np.newaxis] → series.to_numpy()[:, np.newaxis]',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  deprecatedIn: '1.0',
  explanation:
    "pandas 2.0 removed multi-dimensional indexing of a Series (`ser[:, None]`, deprecated in 1.0: \"Convert to a numpy array before indexing instead\"). It used to return the NumPy array that indexing the Series' values gives, so `df['col'][:, np.newaxis]` becomes `df['col'].to_numpy()[:, np.newaxis]` — the same 2-D array. Only on the line the error points at, and only for a column selected by a string key (other arrays index this way legitimately).",
  trigger: {
    errors: [
      { ename: 'ValueError', evalue: /Multi-dimensional indexing \(e\.g\. `obj\[:, None\]`\) is no longer supported/ },
    ],
  },
  errorScope: 'line',
  needles: [/\]\s*\[\s*:\s*,/],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const node of parsed.nodes('subscript')) {
      if (!ctx.inScope(node)) continue;
      const series = seriesMultiIndex(node, parsed);
      if (series) edits.push(insertAt(series.endIndex, '.to_numpy()'));
    }
    return edits;
  },
});

export const PANDAS_RULES: Rule[] = [
  seriesMultiDimIndexing,
  ix,
  asMatrix,
  sortMethods,
  windowFunctions,
  seriesReshape,
  plottingModule,
  timeGrouper,
  getSetValue,
  fromCsv,
  readerKeywords,
  dataFrameAppend,
  positionalAxis,
  numericOnly,
  pdNp,
  pandas2Names,
  strReplaceRegex,
  keywordOnlyArguments,
  readSqueeze,
  lookupMad,
  removedMethods,
  resampleHow,
  movedModules,
  weekOfYear,
  seriesAggDict,
  reductionLevel,
  inplaceRemoved,
];
