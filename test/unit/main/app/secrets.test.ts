// The desktop key store with a stand-in for Electron's safeStorage (real AES-GCM, so a wrong key really fails).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  NO_ENCRYPTION_MESSAGE,
  NO_KEYRING_MESSAGE,
  openSafeSecretStore,
  SafeStorageLike,
  secretStorageStatus,
} from '../../../../main/app/secrets';

/** safeStorage's shape over AES-256-GCM with a per-"keyring" secret; counts which API was used. */
function aesStorage(secret: string, options: { async?: boolean; backend?: string; available?: boolean } = {}) {
  const key = crypto.createHash('sha256').update(secret).digest();
  const calls: string[] = [];
  const enc = (text: string) => {
    const iv = crypto.randomBytes(12);
    const c = crypto.createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([c.update(text, 'utf8'), c.final()]);
    return Buffer.concat([iv, c.getAuthTag(), body]);
  };
  const dec = (data: Buffer) => {
    const d = crypto.createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
    d.setAuthTag(data.subarray(12, 28));
    return Buffer.concat([d.update(data.subarray(28)), d.final()]).toString('utf8');
  };
  const storage: SafeStorageLike = {
    isEncryptionAvailable: () => options.available ?? true,
    encryptString: (t) => (calls.push('encryptString'), enc(t)),
    decryptString: (b) => (calls.push('decryptString'), dec(b)),
    getSelectedStorageBackend: () => options.backend ?? 'gnome_libsecret',
    ...(options.async
      ? {
          encryptStringAsync: async (t: string) => (calls.push('encryptStringAsync'), enc(t)),
          decryptStringAsync: async (b: Buffer) => (
            calls.push('decryptStringAsync'),
            { result: dec(b), shouldReEncrypt: false }
          ),
        }
      : {}),
  };
  return { storage, calls };
}

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-secrets-'));
  file = path.join(dir, 'llm-api-key.enc');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the safeStorage key store', () => {
  it('stores the key encrypted with the async API where it exists and reads it back at the next start', async () => {
    const { storage, calls } = aesStorage('keyring-1', { async: true });
    const store = await openSafeSecretStore({ file, safeStorage: storage, platform: 'linux' });
    expect(store.hasKey()).toBe(false);
    await store.setKey('  sk-test-123  ');
    expect(store.hasKey()).toBe(true);
    expect(store.getKey()).toBe('sk-test-123');
    expect(fs.readFileSync(file).includes(Buffer.from('sk-test-123'))).toBe(false);
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');
    const reopened = await openSafeSecretStore({ file, safeStorage: storage, platform: 'linux' });
    expect(reopened.getKey()).toBe('sk-test-123');
    expect(calls).toEqual(['encryptStringAsync', 'decryptStringAsync']);
    await reopened.setKey(null);
    expect(fs.existsSync(file)).toBe(false);
    expect(reopened.hasKey()).toBe(false);
  });

  it('falls back to the sync API on an Electron without the async one', async () => {
    const { storage, calls } = aesStorage('keyring-1');
    const store = await openSafeSecretStore({ file, safeStorage: storage, platform: 'darwin' });
    await store.setKey('sk-sync');
    expect((await openSafeSecretStore({ file, safeStorage: storage, platform: 'darwin' })).getKey()).toBe('sk-sync');
    expect(calls).toEqual(['encryptString', 'decryptString']);
  });

  it('refuses to store a key on Linux without a keyring and says what to do instead', async () => {
    const { storage } = aesStorage('fixed', { backend: 'basic_text' });
    expect(secretStorageStatus(storage, 'linux')).toEqual({
      canStore: false,
      backend: 'basic_text',
      message: NO_KEYRING_MESSAGE,
    });
    const store = await openSafeSecretStore({ file, safeStorage: storage, platform: 'linux' });
    await expect(store.setKey('sk-x')).rejects.toMatchObject({ code: 'invalid-request', message: NO_KEYRING_MESSAGE });
    expect(NO_KEYRING_MESSAGE).toMatch(/OPENAI_API_KEY/);
    expect(fs.existsSync(file)).toBe(false);
    expect(store.hasKey()).toBe(false);
    expect(store.status().canStore).toBe(false);
  });

  it('refuses when the OS offers no encryption at all', async () => {
    const { storage } = aesStorage('k', { available: false });
    expect(secretStorageStatus(storage, 'win32')).toEqual({
      canStore: false,
      backend: 'dpapi',
      message: NO_ENCRYPTION_MESSAGE,
    });
    expect(secretStorageStatus(aesStorage('k').storage, 'linux')).toEqual({
      canStore: true,
      backend: 'gnome_libsecret',
      message: null,
    });
  });

  it('treats a key that no longer decrypts as absent and logs why', async () => {
    await (
      await openSafeSecretStore({ file, safeStorage: aesStorage('old-keyring').storage, platform: 'linux' })
    ).setKey('sk-old');
    const lines: string[] = [];
    const store = await openSafeSecretStore({
      file,
      safeStorage: aesStorage('new-keyring').storage,
      platform: 'linux',
      log: (l) => lines.push(l),
    });
    expect(store.hasKey()).toBe(false);
    expect(lines.join('\n')).toMatch(/could not be read .*enter it again in settings/);
  });
});
