// pandas.reader-keywords — read_excel(sheetname=…) → sheet_name; read_csv(error_bad_lines=False) → on_bad_lines='skip'
//
// Why it broke: pandas 1.0 (2020-01-29): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://pandas.pydata.org/docs/whatsnew/v1.0.0.html
// Example:
//     x = pd.read_excel("a.xlsx", sheetname="S")
//     d = pd.read_csv("a.csv", error_bad_lines=False)
//   →
//     x = pd.read_excel("a.xlsx", sheet_name="S")
//     d = pd.read_csv("a.csv", on_bad_lines='skip')
// Fix safety: Same result: the rewrite computes what the code computed before pandas 1.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule, packageVersion } from '../../rule';
import { keywordRenameEdits } from '../helpers';
import { compareVersions } from '../../version';
import { keywordArgument, removeArgument } from '../../syntax';
import type { Node } from 'web-tree-sitter';
import { replaceNode } from '../../source-edit';
import { pd } from './_shared';

export const readerKeywords = defineRule({
  id: 'pandas.reader-keywords',
  title: "read_excel(sheetname=…) → sheet_name; read_csv(error_bad_lines=False) → on_bad_lines='skip'",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.0', '2020-01-29'),
  explanation:
    "read_excel's sheetname became sheet_name (removed in 1.0); read_csv's error_bad_lines/warn_bad_lines " +
    "were replaced by on_bad_lines in 1.3 and removed in 2.0 (error_bad_lines=False → on_bad_lines='skip').",
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
    for (const call of ctx.nodes('call')) {
      if (!/^pandas\.read_(csv|table)$/.test(ctx.imports.resolve(call.childForFieldName('function'), parsed) ?? ''))
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
