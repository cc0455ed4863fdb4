// python.unittest-aliases — self.assertEquals / failUnless / assertRegexpMatches … → assertEqual / assertTrue /
// assertRegex …
//
// Why it broke: Python 3.12 (2023-10-02): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.12.html
// Example:
//     self.assertEquals(sum([1, 2]), 3)
//   →
//     self.assertEqual(sum([1, 2]), 3)
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.12; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule, packageVersion } from '../../rule';
import { definesName, methodName } from '../../syntax';
import { compareVersions } from '../../version';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { py } from './_shared';

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
  // Python 2.7's name; Python 3.2 gave the same check (same elements, same counts, any order) its new name
  assertItemsEqual: 'assertCountEqual',
};

export const unittestAliases = defineRule({
  id: 'python.unittest-aliases',
  title: 'self.assertEquals / failUnless / assertRegexpMatches … → assertEqual / assertTrue / assertRegex …',
  kind: 'error-repair',
  library: 'Python',
  since: py('3.12', '2023-10-02'),
  explanation:
    "Python 3.12 removed unittest.TestCase's deprecated aliases (What's New 3.12, unittest): assertEquals " +
    '→ assertEqual, failUnless/assert_ → assertTrue, failIf → assertFalse, assertRegexpMatches → ' +
    'assertRegex, assertRaisesRegexp → assertRaisesRegex, and the other fail*/…Equals names; Python ' +
    "2.7's assertItemsEqual (gone in Python 3) is assertCountEqual. The same methods under their names. " +
    'Only in notebooks that import unittest, and not for a method name the notebook defines itself.',
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
    for (const call of ctx.nodes('call')) {
      const name = methodName(call, parsed);
      const replacement = name ? UNITTEST_ALIASES[name] : undefined;
      const attribute = call.childForFieldName('function')?.childForFieldName('attribute');
      if (!name || !replacement || !attribute || defined.has(name)) continue;
      edits.push(replaceNode(attribute, replacement));
    }
    return edits;
  },
});
