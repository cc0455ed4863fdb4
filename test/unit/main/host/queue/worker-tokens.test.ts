// Per-worker tokens: shown once, stored as a hash, verified in constant time, revocable one by one.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../../../main/core/store';
import { WorkerTokens } from '../../../../../main/host/queue/worker-tokens';

describe('WorkerTokens', () => {
  let store: Store;
  beforeEach(() => (store = openStore(':memory:')));
  afterEach(() => store.close());

  it('verifies a token it created, refuses others, and stores only a hash', () => {
    const tokens = new WorkerTokens(store);
    const { token, secret } = tokens.create('gpu-box-1');
    expect(secret).toMatch(/^nbw_[a-z0-9]{8}_/);
    expect(tokens.verify(secret)?.name).toBe('gpu-box-1');
    expect(tokens.verify(secret.slice(0, -1) + (secret.endsWith('a') ? 'b' : 'a'))).toBeNull();
    expect(tokens.verify(`nbw_${token.id}_${'x'.repeat(32)}`)).toBeNull();
    expect(tokens.verify('')).toBeNull();
    expect(tokens.verify(null)).toBeNull();
    expect(JSON.stringify(store.settings.all())).not.toContain(secret);
    expect(tokens.list()[0]?.lastUsedAt).not.toBeNull();
  });

  it('revokes one token by id or name and leaves the others working', () => {
    const tokens = new WorkerTokens(store);
    const a = tokens.create('box-a');
    const b = tokens.create('box-b');
    expect(tokens.revoke('box-a').revokedAt).not.toBeNull();
    expect(tokens.verify(a.secret)).toBeNull();
    expect(tokens.verify(b.secret)?.name).toBe('box-b');
    tokens.revoke(b.token.id);
    expect(tokens.verify(b.secret)).toBeNull();
    expect(() => tokens.revoke('nope')).toThrow(/no worker token 'nope'/);
  });

  it('refuses a name that is not one', () => {
    expect(() => new WorkerTokens(store).create('has space')).toThrow(/a token name is letters/);
  });
});
