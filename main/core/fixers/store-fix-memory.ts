// Fix memory backed by the database, so a fix verified in one job is offered first in every other job of a corpus
// (and across worker processes and restarts).
import type { Fix } from '../../../shared/models/loop';
import type { FixMemory } from './llm/memory';
import { resolveRuleId } from './rules/catalog/aliases';
import type { Store } from '../store';

export class StoreFixMemory implements FixMemory {
  constructor(private readonly store: Store) {}

  lookup(signature: string): Fix | null {
    const best = this.store.fixMemory.get(signature)[0];
    if (!best || !(best.successes > 0)) return null;
    // a fix stored before a rule was renamed names its old id: report the rule by its current one
    return { ...best.fix, ruleIds: best.fix.ruleIds.map(resolveRuleId) };
  }

  record(signature: string, fix: Fix, success: boolean): void {
    if (!success) return;
    const entry = this.store.fixMemory.put(signature, fix);
    this.store.fixMemory.bump(entry.id, { success: true });
  }

  noteHit(signature: string): void {
    const best = this.store.fixMemory.get(signature)[0];
    if (best) this.store.fixMemory.bump(best.id, { success: false });
  }
}
