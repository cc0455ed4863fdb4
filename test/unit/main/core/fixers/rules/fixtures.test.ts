// Every rule's fixture (test/fixtures/rules/<rule-id>.py) runs through the rules engine, case by case, and the
// result must equal the stored expected output (<rule-id>.expected.py) byte for byte; the cases marked "fixes" must
// change and be reported as the rule's, the ones marked "leaves alone" must not; a result parses no worse than its
// input and a second application changes nothing. Every rule has a fixture, and every fixture a rule.
// NBREVIVE_UPDATE_FIXTURES=1 rewrites the expected files from the engine's output (then read the diff).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../../../../../main/core/fixers/rules/catalog/index';
import { loadPythonParser } from '../../../../../../main/core/python/python-parser';
import { REPO_ROOT } from '../../../../../helpers/corpus';
import { parseFixture, writeFixture, type FixtureCase } from './fixture-format';
import { cellSource, fixCells } from './helpers';

const DIR = path.join(REPO_ROOT, 'test/fixtures/rules');
const UPDATE = process.env.NBREVIVE_UPDATE_FIXTURES === '1';

describe('rule fixtures', () => {
  it('every rule has a fixture and an expected output, and every fixture names a rule', () => {
    const files = fs.readdirSync(DIR).filter((name) => name.endsWith('.py'));
    const ids = RULES.map((rule) => rule.id);
    const missing = ids.filter((id) => !files.includes(`${id}.py`) || !files.includes(`${id}.expected.py`));
    expect(missing, 'add test/fixtures/rules/<rule-id>.py and its .expected.py').toEqual([]);
    const orphans = files.map((name) => name.replace(/(\.expected)?\.py$/, '')).filter((id) => !ids.includes(id));
    expect(orphans).toEqual([]);
  });

  for (const rule of RULES) {
    const input = path.join(DIR, `${rule.id}.py`);
    const expectedFile = path.join(DIR, `${rule.id}.expected.py`);
    it.runIf(fs.existsSync(input))(rule.id, async () => {
      const cases = parseFixture(fs.readFileSync(input, 'utf8'));
      const parser = await loadPythonParser();
      expect(cases.some((c) => c.kind === 'fixes')).toBe(true);
      const results: FixtureCase[] = [];
      for (const c of cases) {
        const result = await fixCells(c.cells, [rule.id], c.options);
        const cells = c.cells.map((_, i) => cellSource(result, i));
        const changed = cells.some((cell, i) => cell !== c.cells[i]);
        expect(changed, `${c.kind}: ${c.name}`).toBe(c.kind === 'fixes');
        expect(result.ruleIds).toEqual(changed ? [rule.id] : []);
        // the result parses no worse than the original, and a second application changes nothing
        for (const [i, cell] of cells.entries()) {
          const before = parser.parse(c.cells[i] as string);
          const after = parser.parse(cell);
          expect(after.errorCount()).toBeLessThanOrEqual(before.errorCount());
          before.delete();
          after.delete();
        }
        if (changed) expect((await fixCells(cells, [rule.id], c.options)).edits, `again: ${c.name}`).toEqual([]);
        results.push({ ...c, cells });
      }
      const actual = writeFixture(rule.id, results, true);
      if (UPDATE) fs.writeFileSync(expectedFile, actual);
      expect(actual).toBe(fs.readFileSync(expectedFile, 'utf8'));
    });
  }
});
