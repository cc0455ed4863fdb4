// pandas.display-options — pd.set_option('max_columns', n) → 'display.max_columns'; removed display options
//
// Why it broke: pandas 1.4 (2022-01-22) added the Styler options styler.render.max_columns, styler.render.max_rows
// and styler.format.precision, so the short keys old notebooks use ('max_columns', 'max_rows', 'precision',
// 'width') match two options and raise OptionError "Pattern matched multiple keys". Older removals still fail the
// same way: display.line_width (renamed display.width), display.height (folded into display.max_rows) and
// display.mpl_style (pandas 0.18 removed the plotting style) raise "No such keys(s)".
// Changelog: https://pandas.pydata.org/docs/whatsnew/v1.4.0.html#styler and
// https://pandas.pydata.org/docs/whatsnew/v0.18.0.html#removal-of-prior-version-deprecations-changes
// Example:
//     pd.set_option('max_columns', None)
//     pd.options.display.line_width = 120
//     pd.set_option('display.mpl_style', 'default')
//   →
//     pd.set_option('display.max_columns', None)
//     pd.options.display.width = 120
//     pass  # nbrevive: pd.set_option('display.mpl_style', 'default') — pandas 0.18 removed display.mpl_style; it only styled plots
// Fix safety: Same values: before pandas 1.4 the short keys matched only the display.* option they now name, and
// display.width is display.line_width's new name. The removed height and mpl_style options only changed how
// tables were cut and how plots looked, never a computed value, so their statements are disabled with a note.
// Left alone: keys that still match one option, set_option of the notebook's own.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { enclosingStatement, replaceStringContent, stringContent } from '../../syntax';
import { pd } from './_shared';

/** Short keys that became ambiguous in pandas 1.4 → the display option they meant. */
const AMBIGUOUS: Record<string, string> = {
  max_columns: 'display.max_columns',
  max_rows: 'display.max_rows',
  precision: 'display.precision',
  width: 'display.width',
};
/** Removed options that were renamed. */
const RENAMED: Record<string, string> = { 'display.line_width': 'display.width', line_width: 'display.width' };
/** Removed options that only affected display: their statement is disabled. */
const REMOVED: Record<string, string> = {
  'display.height': 'pandas removed display.height (display.max_rows cuts long tables); it only changed the display',
  height: 'pandas removed display.height (display.max_rows cuts long tables); it only changed the display',
  'display.mpl_style': 'pandas 0.18 removed display.mpl_style; it only styled plots',
  mpl_style: 'pandas 0.18 removed display.mpl_style; it only styled plots',
};
const OPTION_FUNCTIONS = ['set_option', 'get_option', 'reset_option', 'option_context', 'describe_option'];

function disable(statement: Node, text: string, why: string): SourceEdit {
  return replaceNode(statement, `pass  # nbrevive: ${text.replace(/\s*\n\s*/g, ' ')} — ${why}`);
}

export const displayOptions = defineRule({
  id: 'pandas.display-options',
  title: "pd.set_option('max_columns', n) → 'display.max_columns'; removed display options",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.4', '2022-01-22'),
  explanation:
    "pandas 1.4's Styler options (styler.render.max_columns, styler.render.max_rows, styler.format.precision) " +
    "made the short keys 'max_columns', 'max_rows', 'precision' and 'width' match two options " +
    '(OptionError "Pattern matched multiple keys"): they are spelled out as the display.* option ' +
    "they matched before. display.line_width is display.width's old name; display.height and " +
    'display.mpl_style were removed and only changed the display, so their statements are disabled with a note.',
  trigger: {
    errors: [{ ename: 'OptionError', evalue: /Pattern matched multiple keys|No such keys?\(s\)/ }],
    pattern: true,
  },
  needles: ['_option', 'option_context', 'options.display.'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const { node: call, name } of ctx.calls({ module: 'pandas', names: OPTION_FUNCTIONS })) {
      const args = call.childForFieldName('arguments')?.namedChildren.filter((n): n is Node => !!n) ?? [];
      // keys are the odd-numbered positional arguments of set_option/option_context, the first of the others
      const keys =
        name === 'set_option' || name === 'option_context' ? args.filter((_, i) => i % 2 === 0) : args.slice(0, 1);
      for (const key of keys) {
        const value = stringContent(key, parsed);
        if (value === null) continue;
        const why = REMOVED[value];
        if (why) {
          const statement = enclosingStatement(call);
          if (name === 'set_option' && args.length === 2 && statement.type === 'expression_statement')
            edits.push(disable(statement, parsed.text(statement), why));
          break;
        }
        const replacement = AMBIGUOUS[value] ?? RENAMED[value];
        const edit = replacement ? replaceStringContent(key, replacement) : null;
        if (edit) edits.push(edit);
      }
    }
    // pd.options.display.line_width = 120 / pd.options.display.mpl_style = 'default'
    for (const attribute of ctx.nodes('attribute')) {
      const option = attribute.childForFieldName('attribute');
      const qualified = ctx.imports.resolve(attribute, parsed);
      if (!option || !qualified?.startsWith('pandas.options.display.')) continue;
      const key = `display.${parsed.text(option)}`;
      if (RENAMED[key]) edits.push(replaceNode(option, (RENAMED[key] as string).slice('display.'.length)));
      else if (REMOVED[key]) {
        const assignment = attribute.parent;
        const statement = assignment ? enclosingStatement(assignment) : null;
        if (
          assignment?.type === 'assignment' &&
          assignment.childForFieldName('left')?.id === attribute.id &&
          statement?.type === 'expression_statement'
        )
          edits.push(disable(statement, parsed.text(statement), REMOVED[key] as string));
      }
    }
    return edits;
  },
});
