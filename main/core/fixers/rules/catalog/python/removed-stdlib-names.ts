// python.removed-stdlib-names — time.clock → perf_counter, collections.Iterable → collections.abc, cElementTree,
// fractions.gcd, cgi.escape, inspect.getargspec, base64.encodestring
//
// Why it broke: Python 3.8 (2019-10-14): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.8.html
// Example:
//     import collections
//     from collections import Iterable, OrderedDict
//     import xml.etree.cElementTree as ET
//     t0 = time.clock()
//     ok = isinstance(x, collections.Mapping)
//   →
//     import collections.abc
//     from collections.abc import Iterable
//     from collections import OrderedDict
//     import xml.etree.ElementTree as ET
//     t0 = time.perf_counter()
//     ok = isinstance(x, collections.abc.Mapping)
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.8; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: collections ABCs kept under Python 3.9.
import { type ModuleMove, moduleMoveEdits } from '../module-moves';
import { defineRule, packageVersion } from '../../rule';
import { compareVersions } from '../../version';
import { replaceNode } from '../../source-edit';
import { appendArguments, callArguments, positionalArguments } from '../../syntax';

const COLLECTIONS_ABC = [
  'Mapping',
  'MutableMapping',
  'Sequence',
  'MutableSequence',
  'Iterable',
  'Iterator',
  'Callable',
  'Hashable',
  'Set',
  'MutableSet',
  'Sized',
  'Container',
  'Generator',
  'KeysView',
  'ItemsView',
  'ValuesView',
];

interface StdlibRemoval {
  since: string;
  move: ModuleMove;
}

const STDLIB_REMOVALS: StdlibRemoval[] = [
  { since: '3.8', move: { from: 'time', names: { clock: { name: 'perf_counter' } } } },
  { since: '3.8', move: { from: 'cgi', names: { escape: { module: 'html' } } } },
  { since: '3.9', move: { from: 'xml.etree.cElementTree', to: 'xml.etree.ElementTree' } },
  { since: '3.9', move: { from: 'fractions', names: { gcd: { module: 'math' } } } },
  {
    since: '3.9',
    move: { from: 'base64', names: { encodestring: { name: 'encodebytes' }, decodestring: { name: 'decodebytes' } } },
  },
  {
    since: '3.10',
    move: {
      from: 'collections',
      names: Object.fromEntries(COLLECTIONS_ABC.map((n) => [n, { module: 'collections.abc' }])),
    },
  },
  { since: '3.11', move: { from: 'inspect', names: { getargspec: { name: 'getfullargspec' } } } },
];

export const removedStdlibNames = defineRule({
  id: 'python.removed-stdlib-names',
  title:
    'time.clock → perf_counter, collections.Iterable → collections.abc, ' +
    'cElementTree, fractions.gcd, cgi.escape, inspect.getargspec, base64.encodestring',
  kind: 'error-repair',
  library: 'Python',
  since: { package: 'python', version: '3.8', date: '2019-10-14' },
  explanation:
    'Standard-library names removed in Python 3.8–3.11, each with its replacement: time.clock ' +
    '→ time.perf_counter and cgi.escape(s) → html.escape(s, quote=False) (3.8; cgi.escape ' +
    'left quotes alone unless asked), xml.etree.cElementTree → xml.etree.ElementTree, ' +
    'fractions.gcd → math.gcd and base64.encodestring/decodestring → encodebytes/decodebytes ' +
    '(3.9), the collection ABCs (collections.Iterable, Mapping …) → collections.abc (3.10), ' +
    'inspect.getargspec → getfullargspec (3.11). Imports keep the names the notebook uses.',
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue:
          /module '(time|cgi|fractions|collections|inspect|base64)' has no attribute '(clock|escape|gcd|getargspec|encodestring|decodestring|\w+)'/,
      },
      {
        ename: 'ImportError',
        evalue:
          /cannot import name '(clock|escape|gcd|getargspec|encodestring|decodestring|Mapping|MutableMapping|Sequence|Iterable|Iterator|Callable|Hashable|Set|Sized|Container)' from '(time|cgi|fractions|collections|inspect|base64)'/,
      },
      { ename: 'ModuleNotFoundError', evalue: /No module named 'xml\.etree\.cElementTree'/ },
    ],
    pattern: true,
  },
  needles: [
    'clock',
    'cgi',
    'cElementTree',
    'gcd',
    'getargspec',
    'encodestring',
    'decodestring',
    ...COLLECTIONS_ABC.map((n) => `collections.${n}`),
    'from collections import',
    'import collections',
  ],
  apply(parsed, ctx) {
    const python = packageVersion(ctx.env, 'python');
    const edits = STDLIB_REMOVALS.filter((r) => !python || compareVersions(python, r.since) >= 0).flatMap((r) =>
      moduleMoveEdits(parsed, ctx, r.move),
    );
    // cgi.escape(s) escaped &, < and > only; html.escape(s) also escapes quotes unless quote=False
    if (!python || compareVersions(python, '3.8') >= 0) {
      for (const { node: call } of ctx.calls({ module: 'cgi', names: ['escape'] })) {
        if (positionalArguments(call).length !== 1 || callArguments(call).length !== 1) continue;
        const edit = appendArguments(call, ['quote=False'], parsed);
        if (edit) edits.push(edit);
      }
    }
    // collections.Iterable → collections.abc.Iterable needs the submodule imported: `import collections.abc`
    const dottedAbc = ctx.notebook.codeCells.some((i) =>
      new RegExp(`\\bcollections\\.(${COLLECTIONS_ABC.join('|')})\\b`).test(ctx.notebook.source(i)),
    );
    if (dottedAbc && (!python || compareVersions(python, '3.10') >= 0)) {
      for (const statement of ctx.nodes('import_statement')) {
        const items = statement.childrenForFieldName('name');
        const only = items[0];
        if (items.length === 1 && only?.type === 'dotted_name' && parsed.text(only) === 'collections')
          edits.push(replaceNode(only, 'collections.abc'));
      }
    }
    return edits;
  },
});
