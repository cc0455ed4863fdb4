// Where `nbrevive serve` keeps the LLM API key: a file only the user can read, beside the database. The desktop app
// uses Electron's safeStorage instead; both sit behind SecretStore, and the key never goes back to a client.
import fs from 'node:fs';
import path from 'node:path';

export interface SecretStore {
  hasKey(): boolean;
  getKey(): string | null;
  /** null removes the key; the desktop store encrypts asynchronously (await it) and may refuse (no keyring) */
  setKey(key: string | null): void | Promise<void>;
}

export function fileSecretStore(file: string): SecretStore {
  return {
    hasKey: () => fs.existsSync(file),
    getKey: () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() || null : null),
    setKey(key) {
      if (key === null) {
        fs.rmSync(file, { force: true });
        return;
      }
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.tmp-${process.pid}`;
      fs.writeFileSync(tmp, key, { mode: 0o600 });
      fs.renameSync(tmp, file);
    },
  };
}

export function secretFileFor(dbPath: string): string {
  return path.join(path.dirname(path.resolve(dbPath)), 'llm-api-key');
}
