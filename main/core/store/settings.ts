// Application settings as JSON values under string keys (job defaults, LLM endpoint, queue state …). Secrets do not
// belong here: the API key lives in the OS keychain (Electron safeStorage).
import { z } from 'zod';
import { StoreContext } from './context';

export class SettingsRepository {
  constructor(private readonly ctx: StoreContext) {}

  /** The stored value, validated by `schema` when given; undefined when unset. */
  get(key: string): unknown;
  get<S extends z.ZodType>(key: string, schema: S): z.infer<S> | undefined;
  get(key: string, schema?: z.ZodType): unknown {
    const row = this.ctx.read(() =>
      this.ctx.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?').get(key),
    );
    if (!row) return undefined;
    const value: unknown = JSON.parse(row.value);
    return schema ? schema.parse(value) : value;
  }

  /** Stores `value` (any JSON-serialisable value; undefined deletes the key). */
  set(key: string, value: unknown): void {
    if (value === undefined) {
      this.delete(key);
      return;
    }
    const json = JSON.stringify(value);
    this.ctx.write(() =>
      this.ctx
        .prepare(
          'INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT ' +
            '(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
        )
        .run(key, json, this.ctx.now()),
    );
  }

  delete(key: string): boolean {
    return this.ctx.write(() => this.ctx.prepare('DELETE FROM settings WHERE key = ?').run(key).changes) === 1;
  }

  all(): Record<string, unknown> {
    const rows = this.ctx.read(() =>
      this.ctx.prepare<[], { key: string; value: string }>('SELECT key, value FROM settings ORDER BY key').all(),
    );
    return Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
  }
}
