// pandas.2-removed-names — pandas 2.0 removals: Int64Index/Float64Index → Index, .is_monotonic →
// .is_monotonic_increasing, pd.datetime → datetime
//
// Why it broke: pandas 2.0 (2023-04-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://github.com/pandas-dev/pandas/blob/v2.3.3/doc/source/whatsnew/v1.5.0.rst#L976
// Changelog: https://github.com/pandas-dev/pandas/blob/v1.5.3/pandas/core/indexes/base.py#L2305
// Changelog: https://github.com/pandas-dev/pandas/blob/v1.5.3/pandas/core/base.py#L1068
// Example:
//     import pandas as pd
//     i = pd.Int64Index([1, 2])
//     ok = df.index.is_monotonic
//     t = pd.datetime(2017, 1, 1)
//   →
//     import datetime as _dt
//     import pandas as pd
//     i = pd.Index([1, 2])
//     ok = df.index.is_monotonic_increasing
//     t = _dt.datetime(2017, 1, 1)
// Fix safety: Same result: the rewrite computes what the code computed before pandas 2.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone. pd.datetime
// becomes the class through the notebook's own `import datetime` only where no import rebinds that name, else
// through `import datetime as _dt`: a parser lambda may run after a later `from datetime import datetime`, and an
// added `import datetime` would rebind the class a notebook imported before.
// Left alone: pd.datetime where the notebook uses `_dt` for its own value.
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule, type CellContext } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { pd } from './_shared';

const PANDAS2_ATTRIBUTES: Record<string, string> = { is_monotonic: 'is_monotonic_increasing' };

const PANDAS2_NAMES: Record<string, string> = { Int64Index: 'Index', UInt64Index: 'Index', Float64Index: 'Index' };

/**
 * The name for the datetime module that pd.datetime's replacement reads: the notebook's own `import datetime` (as
 * any alias) where no import rebinds it, else `_dt` (`import datetime as _dt`): code such as a lambda given to
 * read_csv or apply may run after a later `from datetime import datetime` rebinds `datetime` to the class, and an
 * `import datetime` added here would rebind the class a notebook imported before. Null when `_dt` is the
 * notebook's own name in some cell.
 */
function datetimeModule(parsed: ParsedSource, ctx: CellContext): { name: string; edits: SourceEdit[] } | null {
  const reference = ctx.requireImport('datetime', '_dt');
  if (reference?.name !== '_dt') return reference;
  const own = (source: string) => /\b_dt\b/.test(source.replace(/^[ \t]*import datetime as _dt[ \t]*$/gm, ''));
  return ctx.notebook.codeCells.some((index) => own(ctx.notebook.source(index))) ? null : reference;
}

export const removedNames2 = defineRule({
  id: 'pandas.2-removed-names',
  title:
    'pandas 2.0 removals: Int64Index/Float64Index → Index, ' +
    '.is_monotonic → .is_monotonic_increasing, pd.datetime → datetime',
  kind: 'error-repair',
  library: 'pandas',
  since: pd('2.0', '2023-04-03'),
  explanation:
    'pandas 2.0 removed the typed Index subclasses (pd.Index infers the dtype), the ' +
    'is_monotonic alias and the pd.datetime re-export of the standard library class.',
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
    const datetimes: Node[] = [];
    for (const attr of ctx.nodes('attribute')) {
      const name = attr.childForFieldName('attribute') as Node;
      const q = ctx.imports.resolve(attr, parsed);
      const last = parsed.text(name);
      if (q && q.startsWith('pandas.') && last in PANDAS2_NAMES && q === `pandas.${last}`)
        edits.push(replaceNode(name, PANDAS2_NAMES[last] as string));
      else if (q === 'pandas.datetime') datetimes.push(attr);
      else if (last in PANDAS2_ATTRIBUTES && attr.parent?.type !== 'call')
        edits.push(replaceNode(name, PANDAS2_ATTRIBUTES[last] as string));
    }
    const module = datetimes.length > 0 ? datetimeModule(parsed, ctx) : null;
    if (module) {
      for (const attr of datetimes) edits.push(replaceNode(attr, `${module.name}.datetime`));
      edits.push(...module.edits);
    }
    return edits;
  },
});
