// The stored queue setting (Settings → distributed queue): the Redis URL `serve` uses when started without --queue.
// It takes effect at the next host start; the URL may carry a password, so the app API shows it masked.
import { z } from 'zod';
import { openStore, type Store } from '../../core/store';

export const QUEUE_URL_KEY = 'queue.redisUrl';

export function storedQueueUrl(store: Store): string | null {
  return store.settings.get(QUEUE_URL_KEY, z.string().nullable()) ?? null;
}

/** the stored URL of the database at `dbPath` (read before the host opens it) */
export function readStoredQueueUrl(dbPath: string): string | null {
  const store = openStore(dbPath);
  try {
    return storedQueueUrl(store);
  } finally {
    store.close();
  }
}

export function setStoredQueueUrl(store: Store, url: string | null): void {
  if (url === null) store.settings.delete(QUEUE_URL_KEY);
  else store.settings.set(QUEUE_URL_KEY, url);
}
