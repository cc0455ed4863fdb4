// python.removed-stdlib-3-12 — locale.format → format_string, SafeConfigParser → ConfigParser, imp.reload →
// importlib.reload, typing.io/typing.re → typing, pipes.quote → shlex.quote
//
// Why it broke: Python 3.12 (2023-10-02): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.12.html
// Example:
//     print(locale.format('%.2f', x, True))
//   →
//     print(locale.format_string('%.2f', x, True))
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.12; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { type ModuleMove, moduleMoveEdits } from '../module-moves';
import { defineRule, packageVersion } from '../../rule';
import { compareVersions } from '../../version';
import { replaceNode } from '../../source-edit';
import { py } from './_shared';

interface StdlibRemoval {
  since: string;
  move: ModuleMove;
}

const REMOVALS: StdlibRemoval[] = [
  // 3.12: "locale.format() … use locale.format_string() instead"
  { since: '3.12', move: { from: 'locale', names: { format: { name: 'format_string' } } } },
  // 3.12: "configparser.SafeConfigParser … use ConfigParser" (an alias of it since 3.2)
  { since: '3.12', move: { from: 'configparser', names: { SafeConfigParser: { name: 'ConfigParser' } } } },
  // 3.12: imp removed; imp.reload is importlib.reload
  { since: '3.12', move: { from: 'imp', names: { reload: { module: 'importlib' } } } },
  // 3.13: typing.io and typing.re namespaces removed; their names are in typing
  { since: '3.13', move: { from: 'typing.io', to: 'typing' } },
  { since: '3.13', move: { from: 'typing.re', to: 'typing' } },
  // 3.13 (PEP 594) removed pipes; pipes.quote was shlex.quote
  { since: '3.13', move: { from: 'pipes', names: { quote: { module: 'shlex' } } } },
];

export const removedStdlib312 = defineRule({
  id: 'python.removed-stdlib-3-12',
  title:
    'locale.format → format_string, SafeConfigParser → ConfigParser, imp.reload ' +
    '→ importlib.reload, typing.io/typing.re → typing, pipes.quote → shlex.quote',
  kind: 'error-repair',
  library: 'Python',
  since: py('3.12', '2023-10-02'),
  explanation:
    'Standard-library names removed in Python 3.12 and 3.13 (What\'s New, "Removed"), each with the ' +
    'replacement the release notes give: locale.format → locale.format_string, configparser.SafeConfigParser ' +
    "→ ConfigParser (its alias since 3.2), the imp module's reload → importlib.reload (`import imp` " +
    'becomes `import importlib as imp` where reload is all the notebook uses of it), typing.io/typing.re ' +
    '→ typing (3.13), pipes.quote → shlex.quote (3.13, PEP 594). Imports keep the names the notebook uses.',
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue: /module 'locale' has no attribute 'format'|module 'configparser' has no attribute 'SafeConfigParser'/,
      },
      { ename: 'ImportError', evalue: /cannot import name '(format|SafeConfigParser)' from '(locale|configparser)'/ },
      { ename: 'ModuleNotFoundError', evalue: /No module named '(imp|typing\.io|typing\.re|pipes)'/ },
    ],
    pattern: true,
  },
  // word needles: 'imp' alone would match every cell that imports anything
  needles: [/\b(locale|imp|pipes)\b|SafeConfigParser|typing\.(io|re)\b/],
  apply(parsed, ctx) {
    const python = packageVersion(ctx.env, 'python');
    const active = REMOVALS.filter((r) => !python || compareVersions(python, r.since) >= 0);
    const edits = active.flatMap((r) => moduleMoveEdits(parsed, ctx, r.move));
    if (!active.some((r) => r.move.from === 'imp')) return edits;
    // `import imp` used only for imp.reload: importlib has it, under the notebook's name
    const uses = ctx.notebook.codeCells.flatMap((i) =>
      [...ctx.notebook.source(i).matchAll(/\bimp\.(\w+)/g)].map((m) => m[1]),
    );
    if (uses.length === 0 || !uses.every((name) => name === 'reload')) return edits;
    for (const statement of ctx.nodes('import_statement')) {
      const items = statement.childrenForFieldName('name');
      const only = items[0];
      if (items.length === 1 && only?.type === 'dotted_name' && parsed.text(only) === 'imp') {
        // the dotted-use rewrite (imp.reload → importlib.reload) is not needed then
        return [
          ...edits.filter((e) => !/^importlib\.reload$|^import importlib/.test(e.text.trim())),
          replaceNode(only, 'importlib as imp'),
        ];
      }
    }
    return edits;
  },
});
