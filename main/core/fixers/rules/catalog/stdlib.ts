// Python 3.11–3.14: standard-library names removed with a documented replacement that old notebooks use
// (Doc/whatsnew/3.12.rst "Removed", 3.13.rst "PEP 594: dead batteries" and "typing", and 3.11's random.sample).
// Each entry applies only where the environment's Python has the removal. Modules removed without a
// replacement (asynchat, asyncore, imghdr, telnetlib …) are left alone: there is nothing equivalent to write.
import type { Node } from 'web-tree-sitter';
import { defineRule, packageVersion, type Rule } from '../rule';
import { compareVersions } from '../version';
import { insertAt, replaceNode, type SourceEdit } from '../source-edit';
import { callArguments, definesName, methodName, positionalArguments } from '../syntax';
import { moduleMoveEdits, type ModuleMove } from './helpers';

const py = (version: string, date: string) => ({ package: 'python', version, date });

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

const removedNames = defineRule({
  id: 'python.removed-stdlib-3-12',
  title:
    'locale.format → format_string, SafeConfigParser → ConfigParser, imp.reload → importlib.reload, typing.io/typing.re → typing, pipes.quote → shlex.quote',
  kind: 'error-repair',
  library: 'Python',
  since: py('3.12', '2023-10-02'),
  explanation:
    'Standard-library names removed in Python 3.12 and 3.13 (What\'s New, "Removed"), each with the replacement the release notes give: locale.format → locale.format_string, configparser.SafeConfigParser → ConfigParser (its alias since 3.2), the imp module\'s reload → importlib.reload (`import imp` becomes `import importlib as imp` where reload is all the notebook uses of it), typing.io/typing.re → typing (3.13), pipes.quote → shlex.quote (3.13, PEP 594). Imports keep the names the notebook uses.',
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
    for (const statement of parsed.nodes('import_statement')) {
      const items = statement.childrenForFieldName('name');
      const only = items[0];
      if (items.length === 1 && only?.type === 'dotted_name' && parsed.text(only) === 'imp' && ctx.inScope(statement)) {
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

const DISTUTILS_VERSION = ['LooseVersion', 'StrictVersion'];

const distutilsVersion = defineRule({
  id: 'python.distutils-version',
  title: 'distutils.version.LooseVersion / StrictVersion → packaging.version.Version',
  kind: 'error-repair',
  library: 'Python',
  since: py('3.12', '2023-10-02'),
  deprecatedIn: '3.10',
  explanation:
    "Python 3.12 removed distutils (PEP 632); its version classes' replacement, as the PEP says, is packaging.version (installed with matplotlib, pandas' tooling and pip). Version orders release numbers (0.18.1 < 0.20 < 1.2) as LooseVersion and StrictVersion did, which is what notebooks compare library versions with. The import keeps the notebook's name. Unlike LooseVersion, Version does not compare with a plain string: such a comparison fails loudly instead of answering differently.",
  trigger: { errors: [{ ename: 'ModuleNotFoundError', evalue: /No module named 'distutils'/ }], pattern: true },
  needles: ['distutils'],
  apply(parsed, ctx) {
    const python = packageVersion(ctx.env, 'python');
    if (python && compareVersions(python, '3.12') < 0) return [];
    const edits: SourceEdit[] = [];
    for (const statement of parsed.nodes('import_from_statement')) {
      if (
        !ctx.inScope(statement) ||
        parsed.text(statement.childForFieldName('module_name') as Node) !== 'distutils.version'
      )
        continue;
      const items = statement.childrenForFieldName('name').map((node) =>
        node.type === 'aliased_import'
          ? {
              name: parsed.text(node.childForFieldName('name') as Node),
              local: parsed.text(node.childForFieldName('alias') as Node),
            }
          : { name: parsed.text(node), local: parsed.text(node) },
      );
      if (items.length === 0 || !items.every((i) => DISTUTILS_VERSION.includes(i.name))) continue;
      edits.push(
        replaceNode(statement, `from packaging.version import ${items.map((i) => `Version as ${i.local}`).join(', ')}`),
      );
    }
    return edits;
  },
});

/** unittest.TestCase aliases removed in 3.12 (deprecated since 3.2 or earlier) → the method they aliased. */
const UNITTEST_ALIASES: Record<string, string> = {
  assertEquals: 'assertEqual',
  assertNotEquals: 'assertNotEqual',
  assertAlmostEquals: 'assertAlmostEqual',
  assertNotAlmostEquals: 'assertNotAlmostEqual',
  assert_: 'assertTrue',
  failUnless: 'assertTrue',
  failIf: 'assertFalse',
  failUnlessEqual: 'assertEqual',
  failIfEqual: 'assertNotEqual',
  failUnlessAlmostEqual: 'assertAlmostEqual',
  failIfAlmostEqual: 'assertNotAlmostEqual',
  failUnlessRaises: 'assertRaises',
  assertRegexpMatches: 'assertRegex',
  assertNotRegexpMatches: 'assertNotRegex',
  assertRaisesRegexp: 'assertRaisesRegex',
};

const unittestAliases = defineRule({
  id: 'python.unittest-aliases',
  title: 'self.assertEquals / failUnless / assertRegexpMatches … → assertEqual / assertTrue / assertRegex …',
  kind: 'error-repair',
  library: 'Python',
  since: py('3.12', '2023-10-02'),
  explanation:
    "Python 3.12 removed unittest.TestCase's deprecated aliases (What's New 3.12, unittest): assertEquals → assertEqual, failUnless/assert_ → assertTrue, failIf → assertFalse, assertRegexpMatches → assertRegex, assertRaisesRegexp → assertRaisesRegex, and the other fail*/…Equals names. The same methods under their names. Only in notebooks that import unittest, and not for a method name the notebook defines itself.",
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue: new RegExp(`object has no attribute '(${Object.keys(UNITTEST_ALIASES).join('|')})'`),
      },
    ],
    pattern: true,
  },
  needles: Object.keys(UNITTEST_ALIASES).map((name) => `.${name}(`),
  prepare(notebook) {
    const defined = new Set<string>();
    for (const index of notebook.codeCells) {
      const source = notebook.source(index);
      if (!/\bdef\s+(assert|fail)/.test(source)) continue;
      for (const name of Object.keys(UNITTEST_ALIASES))
        if (source.includes(name) && definesName(notebook.parse(index), name)) defined.add(name);
    }
    return defined;
  },
  apply(parsed, ctx) {
    const python = packageVersion(ctx.env, 'python');
    if ((python && compareVersions(python, '3.12') < 0) || !ctx.imports.imports('unittest')) return [];
    const defined = ctx.state as Set<string>;
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const name = methodName(call, parsed);
      const replacement = name ? UNITTEST_ALIASES[name] : undefined;
      const attribute = call.childForFieldName('function')?.childForFieldName('attribute');
      if (!name || !replacement || !attribute || defined.has(name) || !ctx.inScope(call)) continue;
      edits.push(replaceNode(attribute, replacement));
    }
    return edits;
  },
});

const configparserReadfp = defineRule({
  id: 'python.configparser-readfp',
  title: 'parser.readfp(f) → parser.read_file(f)',
  kind: 'error-repair',
  library: 'Python',
  since: py('3.12', '2023-10-02'),
  deprecatedIn: '3.2',
  explanation:
    "Python 3.12 removed ConfigParser.readfp (What's New 3.12, configparser); read_file reads the same file object. Applied on the failing line.",
  trigger: { errors: [{ ename: 'AttributeError', evalue: /object has no attribute 'readfp'/ }] },
  errorScope: 'line',
  needles: ['.readfp('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      const attribute = call.childForFieldName('function')?.childForFieldName('attribute');
      if (methodName(call, parsed) === 'readfp' && attribute && ctx.inScope(call))
        edits.push(replaceNode(attribute, 'read_file'));
    }
    return edits;
  },
});

const randomSampleSet = defineRule({
  id: 'python.random-sample-set',
  title: 'random.sample(a_set, k) → random.sample(tuple(a_set), k)',
  kind: 'error-repair',
  library: 'Python',
  since: py('3.11', '2022-10-24'),
  deprecatedIn: '3.9',
  explanation:
    "Python 3.11 stopped random.sample from accepting a set (deprecated in 3.9). Before, sample() turned the set into tuple(population) itself, so passing tuple(…) draws exactly the same elements for the same seed; the error's own hint, sorted(…), would draw different ones. Applied on the failing line.",
  trigger: { errors: [{ ename: 'TypeError', evalue: /Population must be a sequence/ }] },
  errorScope: 'line',
  needles: ['sample('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of parsed.nodes('call')) {
      if (!ctx.inScope(call)) continue;
      const fn = call.childForFieldName('function');
      const qualified = ctx.imports.resolve(fn, parsed);
      // random.sample or a random.Random instance's sample (rng.sample): the failing line says which failed
      const isSample =
        qualified === 'random.sample' ||
        (qualified === null && fn?.type === 'attribute' && methodName(call, parsed) === 'sample');
      const population = positionalArguments(call)[0];
      if (!isSample || !population || callArguments(call).length < 2) continue;
      if (['list', 'tuple', 'list_comprehension', 'string'].includes(population.type)) continue;
      if (
        population.type === 'call' &&
        ['tuple', 'list', 'range', 'sorted'].includes(parsed.text(population.childForFieldName('function') as Node))
      )
        continue;
      edits.push(insertAt(population.startIndex, 'tuple('), insertAt(population.endIndex, ')'));
    }
    return edits;
  },
});

export const STDLIB_RULES: Rule[] = [
  removedNames,
  distutilsVersion,
  unittestAliases,
  configparserReadfp,
  randomSampleSet,
];
