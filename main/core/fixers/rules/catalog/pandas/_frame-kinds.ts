// Which expressions of a notebook are certainly a pandas DataFrame or Series, read from the code alone: names bound
// only to pandas readers and constructors (`df = pd.read_csv(…)`) or to what such a frame's own methods return
// (`df = df.dropna()`), columns of those frames (`df['col']`, `df.col`), their reductions (`df.isnull().sum()`),
// value_counts() and groupby aggregations. For rules whose old and new behaviour differ only on pandas objects
// (numpy's array methods of the same name kept theirs): anything not certain is null, and such rules leave it alone.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import type { ImportTable } from '../../imports';
import type { BindingKind } from '../../bindings';
import type { RuleRunContext } from '../../rule';
import { stringContent } from '../../syntax';

export type FrameKind = 'frame' | 'series' | 'frame-groupby' | 'series-groupby';

const READERS = /^pandas\.(read_\w+|DataFrame|merge|pivot_table|crosstab|get_dummies)$/;
/** DataFrame methods that return a DataFrame of the same kind of data */
const FRAME_TO_FRAME = new Set([
  'copy', 'dropna', 'fillna', 'head', 'tail', 'sort_values', 'sort_index', 'drop', 'drop_duplicates', 'query',
  'rename', 'set_index', 'reset_index', 'astype', 'abs', 'round', 'isnull', 'isna', 'notnull', 'notna', 'replace',
  'sample', 'merge', 'join', 'assign', 'select_dtypes', 'corr', 'cov', 'describe', 'transpose', 'where',
  'mask', 'clip', 'interpolate', 'ffill', 'bfill', 'diff', 'pct_change', 'cumsum', 'shift',
]); // prettier-ignore
/** reductions: a DataFrame's gives a Series (one value per column), a groupby's one row per group */
const REDUCERS = new Set([
  'sum', 'mean', 'median', 'max', 'min', 'std', 'var', 'count', 'nunique', 'prod', 'skew', 'kurt', 'sem', 'first',
  'last',
]); // prettier-ignore
/** Series methods that return a Series */
const SERIES_TO_SERIES = new Set([
  'copy', 'dropna', 'fillna', 'head', 'tail', 'sort_values', 'sort_index', 'abs', 'astype', 'round', 'nlargest',
  'nsmallest', 'cumsum', 'diff', 'pct_change', 'shift', 'clip', 'replace', 'map', 'isnull', 'isna', 'notnull',
  'notna', 'value_counts', 'rank', 'interpolate', 'ffill', 'bfill', 'where', 'mask', 'sample',
]); // prettier-ignore
/** DataFrame attributes that are not columns: `df.values.argmax()` is numpy's, `df.index.argmax()` the Index's */
const FRAME_PROPERTIES = new Set([
  'T', 'at', 'attrs', 'axes', 'columns', 'dtypes', 'empty', 'flags', 'iat', 'iloc', 'index', 'loc', 'ix', 'ndim',
  'shape', 'size', 'style', 'values', 'plot', 'sparse', 'ftypes', 'is_copy', 'blocks', 'str', 'dt', 'cat',
]); // prettier-ignore

export class FrameKinds {
  private constructor(
    private readonly imports: ImportTable,
    private readonly names: ReadonlyMap<string, FrameKind>,
  ) {}

  /**
   * Reads every assignment of the notebook: a name gets a kind when all its bindings agree on one. Optimistic first
   * (each name the kind of any binding that has one, so `df = df.dropna()` can follow `df = pd.read_csv(…)`), then
   * every binding is checked against the kinds so far until nothing changes.
   */
  static of(ctx: Pick<RuleRunContext, 'bindings' | 'imports'>): FrameKinds {
    const imports = ctx.imports;
    const bindings = collectBindings(ctx);
    let names = new Map<string, FrameKind>();
    for (let round = 0; round < 6; round++) {
      const kinds = new FrameKinds(imports, names);
      const next = new Map<string, FrameKind>();
      for (const [name, values] of bindings) {
        if (values === null) continue;
        const found = values.map(({ node, parsed }) => kinds.kindOf(node, parsed));
        const first = found.find((kind) => kind !== null) ?? null;
        const agreed = round === 0 ? first : found.every((kind) => kind === first) ? first : null;
        if (agreed) next.set(name, agreed);
      }
      if (round > 0 && next.size === names.size && [...next].every(([n, k]) => names.get(n) === k)) return kinds;
      names = next;
    }
    return new FrameKinds(imports, names);
  }

  /** what the expression certainly is, or null */
  kindOf(node: Node | null, parsed: ParsedSource): FrameKind | null {
    if (!node) return null;
    switch (node.type) {
      case 'parenthesized_expression':
        return this.kindOf(node.namedChildren[0] ?? null, parsed);
      case 'identifier':
        return this.names.get(parsed.text(node)) ?? null;
      case 'subscript':
        return this.subscriptKind(node, parsed);
      case 'attribute':
        return this.attributeKind(node, parsed);
      case 'call':
        return this.callKind(node, parsed);
      default:
        return null;
    }
  }

  private subscriptKind(node: Node, parsed: ParsedSource): FrameKind | null {
    const of = this.kindOf(node.childForFieldName('value'), parsed);
    const key = node.childForFieldName('subscript');
    const column = stringContent(key, parsed) !== null;
    const columns = key?.type === 'list';
    if (of === 'frame') return column ? 'series' : columns ? 'frame' : null;
    if (of === 'frame-groupby') return column ? 'series-groupby' : columns ? 'frame-groupby' : null;
    return null;
  }

  private attributeKind(node: Node, parsed: ParsedSource): FrameKind | null {
    const name = parsed.text(node.childForFieldName('attribute') as Node);
    if (name.startsWith('_') || FRAME_PROPERTIES.has(name)) return null;
    const of = this.kindOf(node.childForFieldName('object'), parsed);
    // a column by attribute, when a frame has no method of that name (a method is called, not read)
    if (of === 'frame' && !FRAME_TO_FRAME.has(name) && !REDUCERS.has(name)) return 'series';
    if (of === 'frame-groupby' && !REDUCERS.has(name)) return 'series-groupby';
    return null;
  }

  private callKind(node: Node, parsed: ParsedSource): FrameKind | null {
    const fn = node.childForFieldName('function');
    const callee = this.imports.resolve(fn, parsed);
    if (callee !== null) {
      if (READERS.test(callee)) return 'frame';
      return callee === 'pandas.Series' ? 'series' : null;
    }
    if (fn?.type !== 'attribute') return null;
    const method = parsed.text(fn.childForFieldName('attribute') as Node);
    if (method === 'value_counts') return 'series';
    const of = this.kindOf(fn.childForFieldName('object'), parsed);
    switch (of) {
      case 'frame':
        if (method === 'groupby') return 'frame-groupby';
        return FRAME_TO_FRAME.has(method) ? 'frame' : REDUCERS.has(method) ? 'series' : null;
      case 'series':
        if (method === 'groupby') return 'series-groupby';
        return SERIES_TO_SERIES.has(method) ? 'series' : null;
      case 'frame-groupby':
        return method === 'size' ? 'series' : REDUCERS.has(method) ? 'frame' : null;
      case 'series-groupby':
        return method === 'size' || REDUCERS.has(method) ? 'series' : null;
      default:
        return null;
    }
  }
}

interface Binding {
  node: Node | null;
  parsed: ParsedSource;
}

/** a name bound by a loop, comprehension, augmented assignment, with item, parameter or definition has no one value */
const KINDS: readonly BindingKind[] = [
  'assignment',
  'for',
  'comprehension',
  'augmented-assignment',
  'with',
  'parameters',
  'definition',
];

/** every name's assigned values; null for a name also bound another way (a loop, a parameter, a tuple target …) */
function collectBindings(ctx: Pick<RuleRunContext, 'bindings'>): Map<string, Binding[] | null> {
  const bindings = new Map<string, Binding[] | null>();
  const unknown = (name: string): void => void bindings.set(name, null);
  for (const { kind, target, value, parsed } of ctx.bindings({ kinds: KINDS })) {
    if (kind === 'definition') unknown(parsed.text(target));
    else if (kind !== 'assignment') for (const id of target.descendantsOfType('identifier')) unknown(parsed.text(id));
    else if (target.type === 'identifier') {
      const values = bindings.get(parsed.text(target));
      if (values === undefined) bindings.set(parsed.text(target), [{ node: value, parsed }]);
      else values?.push({ node: value, parsed });
    } else
      for (const id of target.descendantsOfType('identifier'))
        if (id.parent?.type !== 'attribute' && id.parent?.type !== 'subscript') unknown(parsed.text(id));
  }
  return bindings;
}
