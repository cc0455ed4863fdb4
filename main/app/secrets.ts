// The desktop app's LLM API key store: the key is encrypted with Electron's safeStorage (the OS keychain, DPAPI or
// the Linux keyring) — its async API where this Electron has it — and written to a file in userData. The decrypted
// key lives only in the main process; the renderer sees `hasKey`. Without a real keyring on Linux (backend
// `basic_text`, i.e. a hard-coded password) nbrevive refuses to store the key and asks for OPENAI_API_KEY instead.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SecretStorageStatus } from '../../shared/contracts/desktop';
import { NbreviveError } from '../../shared/lib/errors';
import type { SecretStore } from '../core/store/secret-file';

/** The safeStorage surface used: the sync API everywhere, the async one where the Electron version has it. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  encryptStringAsync?(plainText: string): Promise<Buffer>;
  /** newer Electron answers `{result, shouldReEncrypt}`; accept a bare string too */
  decryptStringAsync?(encrypted: Buffer): Promise<string | { result: string; shouldReEncrypt?: boolean }>;
  isAsyncEncryptionAvailable?(): Promise<boolean>;
  getSelectedStorageBackend?(): string;
}

export const NO_KEYRING_MESSAGE =
  'No system keyring (GNOME Keyring, KWallet) is available to this session, so nbrevive will not store the API key: ' +
  'Electron would encrypt it with a fixed, publicly known password. Either start nbrevive with OPENAI_API_KEY set in ' +
  'its environment (it is used when no key is stored), or ' +
  'install and unlock a keyring (e.g. gnome-keyring) and restart.';

export const NO_ENCRYPTION_MESSAGE =
  'This system offers no encryption for stored secrets, so nbrevive will not store the API key. Start nbrevive with ' +
  'OPENAI_API_KEY set in its environment instead.';

/** Whether a key can be stored safely here, and what to tell the user when it cannot. */
export function secretStorageStatus(safeStorage: SafeStorageLike, platform: NodeJS.Platform): SecretStorageStatus {
  const backend =
    platform === 'linux'
      ? (safeStorage.getSelectedStorageBackend?.() ?? 'unknown')
      : platform === 'darwin'
        ? 'keychain'
        : 'dpapi';
  if (platform === 'linux' && backend === 'basic_text')
    return { canStore: false, backend, message: NO_KEYRING_MESSAGE };
  if (!safeStorage.isEncryptionAvailable()) return { canStore: false, backend, message: NO_ENCRYPTION_MESSAGE };
  return { canStore: true, backend, message: null };
}

async function encrypt(safeStorage: SafeStorageLike, key: string): Promise<Buffer> {
  if (typeof safeStorage.encryptStringAsync === 'function') return safeStorage.encryptStringAsync(key);
  return safeStorage.encryptString(key);
}

async function decrypt(safeStorage: SafeStorageLike, data: Buffer): Promise<string> {
  if (typeof safeStorage.decryptStringAsync === 'function') {
    const r = await safeStorage.decryptStringAsync(data);
    return typeof r === 'string' ? r : r.result;
  }
  return safeStorage.decryptString(data);
}

export interface SafeSecretStore extends SecretStore {
  setKey(key: string | null): Promise<void>;
  status(): SecretStorageStatus;
}

/**
 * Opens the key file (decrypting a stored key once, into memory). A key that no longer decrypts (another user, a
 * reset keyring) is reported through `log` and treated as absent, so the user can enter it again.
 */
export async function openSafeSecretStore(options: {
  file: string;
  safeStorage: SafeStorageLike;
  platform?: NodeJS.Platform;
  log?: (line: string) => void;
}): Promise<SafeSecretStore> {
  const { file, safeStorage } = options;
  const platform = options.platform ?? process.platform;
  let key: string | null = null;
  try {
    const data = await fs.readFile(file);
    if (secretStorageStatus(safeStorage, platform).canStore) key = (await decrypt(safeStorage, data)).trim() || null;
    else
      options.log?.(
        `a stored API key exists in ${file} but cannot be decrypted ` +
          `here: ${secretStorageStatus(safeStorage, platform).message}`,
      );
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
      options.log?.(`the stored API key could not be read (${(e as Error).message}); enter it again in settings`);
  }
  return {
    hasKey: () => key !== null,
    getKey: () => key,
    status: () => secretStorageStatus(safeStorage, platform),
    async setKey(next) {
      if (next === null || next.trim() === '') {
        await fs.rm(file, { force: true });
        key = null;
        return;
      }
      const status = secretStorageStatus(safeStorage, platform);
      if (!status.canStore) throw new NbreviveError('invalid-request', status.message ?? NO_ENCRYPTION_MESSAGE);
      const data = await encrypt(safeStorage, next.trim());
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.tmp-${process.pid}`;
      await fs.writeFile(tmp, data, { mode: 0o600 });
      await fs.rename(tmp, file);
      key = next.trim();
    },
  };
}
