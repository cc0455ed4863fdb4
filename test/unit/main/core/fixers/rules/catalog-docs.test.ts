// docs/rules.md is generated from the rules' metadata and their files' header comments and must match the catalog
// (regenerate it with `nbrevive rules --markdown > docs/rules.md`).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogMarkdown } from '../../../../../../main/core/fixers/rules/catalog-docs';
import { RULES } from '../../../../../../main/core/fixers/rules/catalog/index';
import {
  parseRuleHeader,
  readRuleHeaders,
  RuleHeaderError,
} from '../../../../../../main/core/fixers/rules/rule-headers';
import { listRules } from '../../../../../../main/core/fixers/rules/rules-engine';
import { REPO_ROOT } from '../../../../../helpers/corpus';

const HEADER = `// numpy.tostring — a.tostring() → a.tobytes()
//
// Why it broke: NumPy 2.3 (2025-06-07), deprecated since 1.19: from this release on the old code
// fails.
// Changelog: https://numpy.org/doc/stable/release/2.3.0-notes.html
// Example:
//     raw = arr.tostring()
//   →
//     raw = arr.tobytes()
// Fix safety: Same result.
// Left alone: a function called tostring.
import { defineRule } from '../../rule';
`;

describe('rule file headers', () => {
  it('are read section by section', () => {
    expect(parseRuleHeader(HEADER)).toEqual({
      id: 'numpy.tostring',
      title: 'a.tostring() → a.tobytes()',
      why: 'NumPy 2.3 (2025-06-07), deprecated since 1.19: from this release on the old code fails.',
      changelog: ['https://numpy.org/doc/stable/release/2.3.0-notes.html'],
      example: { before: 'raw = arr.tostring()', after: 'raw = arr.tobytes()' },
      safety: 'Same result.',
      leftAlone: 'a function called tostring.',
    });
  });

  it('a header without an example or a safety note is refused with what is missing', () => {
    expect(() => parseRuleHeader(HEADER.replace(/\/\/ {3}→\n/, ''), 'numpy/tostring.ts')).toThrow(RuleHeaderError);
    expect(() => parseRuleHeader(HEADER.replace(/\/\/ Fix safety.*\n/, ''), 'numpy/tostring.ts')).toThrow(
      /numpy\/tostring\.ts: no 'Fix safety:'/,
    );
    expect(() => parseRuleHeader('import x from "y";\n')).toThrow(/first line/);
  });

  it('every rule with a file of its own opens with a complete header naming it', () => {
    const ids = RULES.map((rule) => rule.id);
    const headers = readRuleHeaders(ids);
    expect([...headers.keys()]).toEqual(ids.filter((id) => !id.startsWith('api-table.')));
    for (const header of headers.values()) {
      expect(header.example.before).not.toBe(header.example.after);
      expect(header.why.length).toBeGreaterThan(20);
    }
  });
});

describe('the generated catalog page', () => {
  it('lists every rule with its kind, version and explanation, and its header', () => {
    const rules = listRules();
    const headers = readRuleHeaders(rules.map((r) => r.id));
    const page = catalogMarkdown(rules, headers);
    for (const r of rules) {
      expect(page).toContain(`### ${r.id}\n`);
      expect(page).toContain(r.explanation.trim().split('\n')[0] as string);
      const header = headers.get(r.id);
      if (header) expect(page).toContain(`${header.example.after}\n\`\`\`\n\n*Fix safety:* ${header.safety}`);
    }
    expect(page).toContain(`${rules.length} rules in`);
  });

  it('docs/rules.md is up to date with the catalog', () => {
    const stored = fs.readFileSync(path.join(REPO_ROOT, 'docs/rules.md'), 'utf8');
    const rules = listRules();
    expect(stored, 'regenerate: nbrevive rules --markdown > docs/rules.md').toBe(
      catalogMarkdown(rules, readRuleHeaders(rules.map((r) => r.id))),
    );
  });
});
