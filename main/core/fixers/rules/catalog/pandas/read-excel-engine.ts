// pandas.read-excel-engine — pd.read_excel(path) of a file pandas cannot identify → pd.read_excel(path, engine='xlrd')
//
// Why it broke: up to pandas 1.1, read_excel and ExcelFile read every file with xlrd when no engine was given
// (engine = "xlrd" unless the file was .ods). pandas 1.2.0 (2020-12-26) picks the engine from the file instead, for
// xlrd 2.0, which reads only the old .xls format: it compares the first bytes with the signatures it knows (the OLE2
// compound file of Excel 97–2003 and, since 1.3's "loosen XLS signature", exact BIFF2/3/4 headers) and looks inside
// zip files for xlsx/ods. An older BIFF file whose header differs from those bytes (exchange-rate and survey data
// distributed in Excel 2.x–4.0 format) matches none of them, and read_excel raises "ValueError: Excel file format
// cannot be determined, you must specify an engine manually."
// Changelog: https://pandas.pydata.org/docs/whatsnew/v1.2.0.html (the warning on read_excel's engine=None)
// Changelog: https://github.com/pandas-dev/pandas/issues/41225 (1.2.4 refused Lotus 1-2-3 .xls files)
// Changelog: https://github.com/pandas-dev/pandas/pull/41321
// Example:
//     ex = pd.read_excel('data/xrates.xls')
//   →
//     ex = pd.read_excel('data/xrates.xls', engine='xlrd')
// Fix safety: Same result: xlrd is the reader pandas used for these files before 1.2 (the only one it had for .xls),
// and the keyword only skips the guess; a file xlrd cannot read still fails, with xlrd's message. Applied to the
// read_excel and ExcelFile calls of the cell that raised the error only.
// Left alone: calls that set engine= (by keyword or by position) or pass **kwargs, functions of the notebook's own
// named read_excel, and every cell where pandas identified the file.
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { appendArguments, hasSplat, keywordArgument, positionalArguments } from '../../syntax';
import { pd } from './_shared';

/** How many positional arguments reach `engine`: read_excel's 9th parameter (pandas < 1.3), ExcelFile's 2nd. */
const ENGINE_POSITION: Record<string, number> = { read_excel: 9, ExcelFile: 2 };

export const readExcelEngine = defineRule({
  id: 'pandas.read-excel-engine',
  title: "pd.read_excel(path) of a file pandas cannot identify → pd.read_excel(path, engine='xlrd')",
  kind: 'error-repair',
  library: 'pandas',
  since: pd('1.2', '2020-12-26'),
  explanation:
    'Before pandas 1.2, read_excel and ExcelFile read any file with xlrd when no engine was given. pandas 1.2 ' +
    'chooses the engine from the first bytes of the file, and an old BIFF (.xls) file whose header matches none of ' +
    'the signatures it knows raises "Excel file format cannot be determined, you must specify an engine manually". ' +
    "engine='xlrd' names the reader those notebooks used; the calls of the failing cell get it.",
  trigger: {
    errors: [{ ename: 'ValueError', evalue: /Excel file format cannot be determined/ }],
  },
  needles: ['read_excel', 'ExcelFile'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const { node, name } of ctx.calls({ module: 'pandas', names: Object.keys(ENGINE_POSITION) })) {
      const reach = ENGINE_POSITION[name ?? ''] ?? 1;
      if (hasSplat(node) || keywordArgument(node, 'engine', parsed)) continue;
      const positional = positionalArguments(node).length;
      if (positional === 0 || positional >= reach) continue;
      const edit = appendArguments(node, ["engine='xlrd'"], parsed);
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
