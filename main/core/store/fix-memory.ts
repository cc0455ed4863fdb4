// Fix memory: fixes that were applied for an error signature, with how often they were reused (hits) and how
// often they helped (successes), so the loop can try a proven fix before asking the LLM again.
import crypto from 'node:crypto';
import { z } from 'zod';
import { NbreviveError } from '../../../shared/lib/errors';
import { Fix, FixSchema } from '../../../shared/models/loop';
import { iso, StoreContext } from './context';

export interface FixMemoryEntry {
  id: number;
  signature: string;
  fix: Fix;
  hits: number;
  successes: number;
  createdAt: string;
  updatedAt: string;
}

/** A fix_memory row: the entry's own fields, the fix as JSON and the times as epoch ms. */
type FixMemoryRow = Pick<FixMemoryEntry, 'id' | 'signature' | 'hits' | 'successes'> & {
  fix: string;
  created_at: number;
  updated_at: number;
};

function toEntry(row: FixMemoryRow): FixMemoryEntry {
  return {
    id: row.id,
    signature: row.signature,
    fix: FixSchema.parse(JSON.parse(row.fix)),
    hits: row.hits,
    successes: row.successes,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export class FixMemoryRepository {
  constructor(private readonly ctx: StoreContext) {}

  /** Remembers `fix` for `signature`; the same fix stored again returns the existing entry. */
  put(signature: string, fix: z.input<typeof FixSchema>): FixMemoryEntry {
    const json = JSON.stringify(FixSchema.parse(fix));
    const fixHash = crypto.createHash('sha256').update(json).digest('hex');
    const now = this.ctx.now();
    const row = this.ctx.write(() => {
      this.ctx
        .prepare(
          `INSERT INTO fix_memory (signature, fix_hash, fix, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (signature, fix_hash) DO NOTHING`,
        )
        .run(signature, fixHash, json, now, now);
      return this.ctx
        .prepare<[string, string], FixMemoryRow>('SELECT * FROM fix_memory WHERE signature = ? AND fix_hash = ?')
        .get(signature, fixHash);
    });
    if (!row) throw new NbreviveError('internal', `fix memory entry for ${signature} vanished`);
    return toEntry(row);
  }

  /** The fixes remembered for `signature`, most successful first. */
  get(signature: string): FixMemoryEntry[] {
    return this.ctx
      .read(() =>
        this.ctx
          .prepare<[string], FixMemoryRow>(
            'SELECT * FROM fix_memory WHERE signature = ? ORDER BY successes DESC, hits ASC, updated_at DESC, id',
          )
          .all(signature),
      )
      .map(toEntry);
  }

  /** Counts one reuse of entry `id`, and a success when it helped. */
  bump(id: number, outcome: { success: boolean }): FixMemoryEntry {
    const row = this.ctx.write(() =>
      this.ctx
        .prepare<[number, number, number], FixMemoryRow>(
          'UPDATE fix_memory SET hits = hits + 1, successes = successes + ?, updated_at = ? WHERE id = ? RETURNING *',
        )
        .get(outcome.success ? 1 : 0, this.ctx.now(), id),
    );
    if (!row) throw new NbreviveError('not-found', `no fix memory entry ${id}`, { id });
    return toEntry(row);
  }
}
