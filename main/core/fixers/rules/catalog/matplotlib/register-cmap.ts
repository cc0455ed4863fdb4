// matplotlib.register-cmap — cm.register_cmap / plt.register_cmap → matplotlib.colormaps.register
//
// Why it broke: matplotlib 3.9 (2024-05-15), deprecated since 3.7: from this release on the old code fails (the
// explanation below cites the deprecation message).
// Changelog: https://matplotlib.org/stable/api/prev_api_changes/api_changes_3.9.0.html
// Changelog: https://github.com/matplotlib/matplotlib/blob/v3.7.0/lib/matplotlib/cm.py#L230
// Example:
//     from matplotlib.cm import register_cmap
//     register_cmap(name='wb', cmap=cmap)
//     plt.register_cmap(cmap=other)
//   →
//     import matplotlib as mpl
//     mpl.colormaps.register(cmap=cmap, name='wb', force=True)
//     mpl.colormaps.register(cmap=other, force=True)
// Fix safety: Same result: register_cmap(name, cmap) put the colormap in the registry under `name` (default: the
// colormap's own name), as colormaps.register(cmap, name=…) does; force=True keeps the old behaviour of replacing a
// colormap the notebook registered before under that name (matplotlib still refuses to replace a built-in one).
// Left alone: the data=/lut= form of matplotlib 2 (a colormap built from data), calls with *args/**kwargs.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { missingNameTriggers } from '../helpers';
import { type SourceEdit, deleteRange, replaceNode } from '../../source-edit';
import { callArguments, keywordName, lineStart, positionalArguments } from '../../syntax';
import { mpl } from './_shared';

const OLD = new Set([
  'matplotlib.cm.register_cmap',
  'matplotlib.pyplot.register_cmap',
  'matplotlib.pyplot.cm.register_cmap',
]);

/** register_cmap(name=None, cmap=None, override_builtin=False) → the arguments of colormaps.register(cmap, *, name, force). */
function registerArguments(call: Node, parsed: Parameters<(typeof registerCmap)['apply']>[0]): string[] | null {
  const args = callArguments(call);
  const positional = positionalArguments(call);
  if (positional.length > 2 || args.some((a) => a.type === 'list_splat' || a.type === 'dictionary_splat')) return null;
  const values: Record<string, string> = {};
  positional.forEach((arg, i) => (values[i === 0 ? 'name' : 'cmap'] = parsed.text(arg)));
  for (const arg of args) {
    if (arg.type !== 'keyword_argument') continue;
    const key = keywordName(arg, parsed);
    const value = parsed.text(arg.childForFieldName('value') as Node);
    if (key === 'name' || key === 'cmap') values[key] = value;
    else if (key === 'override_builtin') values.force = value;
    else return null;
  }
  if (!values.cmap) return null;
  return [`cmap=${values.cmap}`, ...(values.name ? [`name=${values.name}`] : []), `force=${values.force ?? 'True'}`];
}

export const registerCmap = defineRule({
  id: 'matplotlib.register-cmap',
  title: 'cm.register_cmap / plt.register_cmap → matplotlib.colormaps.register',
  kind: 'error-repair',
  library: 'matplotlib',
  since: mpl('3.9', '2024-05-15'),
  deprecatedIn: '3.7',
  explanation:
    'matplotlib.cm.register_cmap (also plt.register_cmap) was deprecated in 3.7 ' +
    '("Use matplotlib.colormaps.register(name) instead") and removed in 3.9. The ' +
    'registry call takes the colormap first and the name by keyword; force=True ' +
    'replaces a colormap registered before under that name, as register_cmap did.',
  trigger: {
    errors: missingNameTriggers(String.raw`matplotlib\.(cm|pyplot)`, 'register_cmap'),
    pattern: true,
  },
  needles: ['register_cmap'],
  apply(parsed, ctx) {
    const calls = ctx
      .nodes('call')
      .filter((call) => OLD.has(ctx.imports.resolve(call.childForFieldName('function'), parsed) ?? ''));
    const rewrites: [Node, string[]][] = [];
    for (const call of calls) {
      const args = registerArguments(call, parsed);
      if (!args) return []; // one call left as it was: keep its import too
      rewrites.push([call, args]);
    }
    // `from matplotlib.cm import register_cmap`: the name goes (the calls reach the registry through matplotlib)
    const imports: SourceEdit[] = [];
    for (const statement of ctx.nodes('import_from_statement')) {
      const module = parsed.text(statement.childForFieldName('module_name') as Node).replace(/\s+/g, '');
      if (module !== 'matplotlib.cm' && module !== 'matplotlib.pyplot') continue;
      const items = statement.childrenForFieldName('name').filter((n): n is Node => n !== null);
      const isOld = (item: Node): boolean =>
        parsed.text(item.type === 'aliased_import' ? (item.childForFieldName('name') as Node) : item) ===
        'register_cmap';
      if (!items.some(isOld)) continue;
      const rest = items.filter((item) => !isOld(item)).map((item) => parsed.text(item));
      if (rest.length > 0) imports.push(replaceNode(statement, `from ${module} import ${rest.join(', ')}`));
      else if (statement.parent?.type === 'module') {
        const end = parsed.source.indexOf('\n', statement.endIndex);
        imports.push(
          deleteRange(lineStart(parsed.source, statement.startIndex), end === -1 ? statement.endIndex : end + 1),
        );
      } else imports.push(replaceNode(statement, 'pass'));
    }
    if (rewrites.length === 0 && imports.length === 0) return [];
    const matplotlib = ctx.requireImport('matplotlib', 'mpl');
    if (!matplotlib) return [];
    return [
      ...rewrites.map(([call, args]) => replaceNode(call, `${matplotlib.name}.colormaps.register(${args.join(', ')})`)),
      ...imports,
      ...matplotlib.edits,
    ];
  },
});
