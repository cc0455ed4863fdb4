// Fix memory in a real (in-memory) SQLite store: a fix remembered before a rule was renamed still names the rule
// by its current id when it is replayed (catalog/aliases.ts).
import { afterEach, describe, expect, it } from 'vitest';
import type { Fix } from '../../../../../shared/models/loop';
import { StoreFixMemory } from '../../../../../main/core/fixers/store-fix-memory';
import { openStore, type Store } from '../../../../../main/core/store';

const stored: Fix = {
  type: 'error-repair',
  source: 'rules',
  ruleIds: ['py2.print-statement', 'numpy2.tostring', 'pandas.ix-indexer'],
  model: null,
  plan: 'print statement → print()',
  edits: [],
  usage: null,
  flags: [],
  signature: 'SyntaxError:Missing parentheses in call to print',
};

describe('StoreFixMemory', () => {
  let store: Store | null = null;
  afterEach(() => store?.close());

  it('returns a successful fix with its rule ids resolved to the current ones', () => {
    store = openStore(':memory:');
    const memory = new StoreFixMemory(store);
    memory.record(stored.signature as string, stored, false);
    expect(memory.lookup(stored.signature as string)).toBeNull();
    memory.record(stored.signature as string, stored, true);
    const found = memory.lookup(stored.signature as string);
    expect(found?.ruleIds).toEqual(['python2.print-statement', 'numpy.tostring', 'pandas.ix-indexer']);
    expect(found?.plan).toBe(stored.plan);
  });
});
