// Per-worker credentials of the distributed mode: each remote worker gets its own token, revocable on its own
// (`nbrevive worker token revoke`, or the API). Only a sha256 of each token is stored (in the settings table of the
// host's database); the token is shown once, when created. A worker token opens the /api/worker/* routes only,
// never the app API.
import crypto from 'node:crypto';
import { z } from 'zod';
import { WorkerTokenNameSchema, type WorkerToken } from '../../../shared/contracts/remote-worker';
import { NbreviveError } from '../../../shared/lib/errors';
import type { Store } from '../../core/store';

const KEY = 'workers.tokens';
const StoredTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  sha256: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable().default(null),
  lastUsedAt: z.string().nullable().default(null),
});
type StoredToken = z.infer<typeof StoredTokenSchema>;
const StoredTokensSchema = z.array(StoredTokenSchema);

// `nbw_<id>_<secret>`: the id finds the record without comparing against every stored hash
const TOKEN_PATTERN = /^nbw_([a-z0-9]{8})_([A-Za-z0-9_-]{20,})$/;
const LAST_USED_EVERY_MS = 60_000;

function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

function publicView(t: StoredToken): WorkerToken {
  return { id: t.id, name: t.name, createdAt: t.createdAt, revokedAt: t.revokedAt, lastUsedAt: t.lastUsedAt };
}

export class WorkerTokens {
  constructor(private readonly store: Store) {}

  private read(): StoredToken[] {
    return this.store.settings.get(KEY, StoredTokensSchema) ?? [];
  }

  private write(tokens: StoredToken[]): void {
    this.store.settings.set(KEY, tokens);
  }

  list(): WorkerToken[] {
    return this.read().map(publicView);
  }

  /** A new token for a worker called `name`; the secret is returned once and never stored. */
  create(name: string): { token: WorkerToken; secret: string } {
    const checked = WorkerTokenNameSchema.safeParse(name);
    if (!checked.success) throw new NbreviveError('invalid-request', checked.error.issues[0]?.message ?? 'bad name');
    return this.store.transaction(() => {
      const tokens = this.read();
      const id = crypto
        .randomBytes(6)
        .toString('base64url')
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '0')
        .slice(0, 8);
      const secret = `nbw_${id}_${crypto.randomBytes(24).toString('base64url')}`;
      const record: StoredToken = {
        id,
        name: checked.data,
        sha256: sha256(secret),
        createdAt: new Date().toISOString(),
        revokedAt: null,
        lastUsedAt: null,
      };
      this.write([...tokens, record]);
      return { token: publicView(record), secret };
    });
  }

  /** Revokes a token by its id or name; its worker's next request is refused (401). */
  revoke(idOrName: string): WorkerToken {
    return this.store.transaction(() => {
      const tokens = this.read();
      const matches = tokens.filter((t) => t.id === idOrName || t.name === idOrName);
      if (matches.length === 0)
        throw new NbreviveError(
          'not-found',
          `no worker token '${idOrName}': list them with \`nbrevive worker token list\``,
        );
      if (matches.length > 1)
        throw new NbreviveError('invalid-request', `several tokens are named '${idOrName}': revoke one by its id`);
      const target = matches[0] as StoredToken;
      target.revokedAt ??= new Date().toISOString();
      this.write(tokens);
      return publicView(target);
    });
  }

  /** The token record a request's secret belongs to, or null (unknown, wrong or revoked). Constant-time compare. */
  verify(secret: string | null | undefined): WorkerToken | null {
    if (!secret) return null;
    const m = TOKEN_PATTERN.exec(secret);
    if (!m) return null;
    const tokens = this.read();
    const record = tokens.find((t) => t.id === m[1]);
    if (!record || record.revokedAt) return null;
    const a = Buffer.from(record.sha256, 'hex');
    const b = Buffer.from(sha256(secret), 'hex');
    if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) return null;
    const now = Date.now();
    if (!record.lastUsedAt || now - Date.parse(record.lastUsedAt) > LAST_USED_EVERY_MS) {
      try {
        // re-read inside the write transaction: a revoke written meanwhile (by the CLI) is never overwritten
        this.store.transaction(() => {
          const fresh = this.read();
          const again = fresh.find((t) => t.id === record.id);
          if (!again) return;
          again.lastUsedAt = new Date(now).toISOString();
          this.write(fresh);
        });
      } catch {
        // bookkeeping only: a busy database must not refuse a valid worker
      }
    }
    return publicView(record);
  }
}
