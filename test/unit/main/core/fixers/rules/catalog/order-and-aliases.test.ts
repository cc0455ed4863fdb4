// The catalog's application order is part of its behaviour (earlier rules edit first; a later rule reads their output),
// so it is pinned: rule-order.txt lists every id in the order RULES applies them. A new rule adds its id there at the
// place it takes in catalog/index.ts. The generic rules of catalog/api-table.ts run as one block, in that file's own
// order: the line `api-table.*` stands for them. Renamed ids stay resolvable through catalog/aliases.ts.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULE_ID_ALIASES, resolveRuleId } from '../../../../../../../main/core/fixers/rules/catalog/aliases';
import { API_TABLE_RULES } from '../../../../../../../main/core/fixers/rules/catalog/api-table';
import { LIBRARY_FOLDERS, RULES } from '../../../../../../../main/core/fixers/rules/catalog/index';
import { applyRules } from '../../../../../../../main/core/fixers/rules/rules-engine';
import { environment, fix, notebookOf } from '../helpers';

const ORDER = fs
  .readFileSync(path.join(import.meta.dirname, 'rule-order.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '');

describe('the catalog order', () => {
  it('applies the rules in the stored order', () => {
    const ids = RULES.map((rule) => rule.id);
    const first = ids.findIndex((id) => id.startsWith('api-table.'));
    const count = API_TABLE_RULES.length;
    expect(ids.slice(first, first + count)).toEqual(API_TABLE_RULES.map((rule) => rule.id));
    expect([...ids.slice(0, first), 'api-table.*', ...ids.slice(first + count)]).toEqual(ORDER);
  });

  it('has every rule in a library folder named by its id prefix, except the generic API-table rules', () => {
    const inFolders = Object.entries(LIBRARY_FOLDERS).flatMap(([folder, rules]) =>
      Object.values(rules).map((rule) => {
        expect(rule.id.startsWith(`${folder}.`)).toBe(true);
        return rule.id;
      }),
    );
    const outside = RULES.map((rule) => rule.id).filter((id) => !inFolders.includes(id));
    expect(outside).toEqual(API_TABLE_RULES.map((rule) => rule.id));
    expect(outside.every((id) => id.startsWith('api-table.'))).toBe(true);
  });
});

describe('rule id aliases', () => {
  it('map each old id to a current rule, and no current id is an alias', () => {
    const ids = new Set(RULES.map((rule) => rule.id));
    for (const [old, current] of Object.entries(RULE_ID_ALIASES)) {
      expect(ids.has(current), `${old} → ${current}`).toBe(true);
      expect(ids.has(old), old).toBe(false);
    }
    expect(resolveRuleId('py2.print-statement')).toBe('python2.print-statement');
    expect(resolveRuleId('numpy2.tostring')).toBe('numpy.tostring');
    expect(resolveRuleId('pandas.ix-indexer')).toBe('pandas.ix-indexer');
    expect(resolveRuleId('toString')).toBe('toString');
  });

  it('an old id selects the renamed rule, which reports its current id', async () => {
    const result = await applyRules(notebookOf('print "hello"\n'), ['py2.print-statement'], environment());
    expect(result.ruleIds).toEqual(['python2.print-statement']);
    await expect(applyRules(notebookOf('x = 1\n'), ['py2.no-such-rule'], environment())).rejects.toThrow(
      /unknown rule id/,
    );
  });

  it('an old id in the exclude list (a resumed job stored it) excludes the renamed rule', async () => {
    expect(await fix('print "hello"\n', 'all', { exclude: ['py2.print-statement'] })).toBe('print "hello"\n');
    expect(await fix('print "hello"\n', 'all')).toBe('print("hello")\n');
  });
});
