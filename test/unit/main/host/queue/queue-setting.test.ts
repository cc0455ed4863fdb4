// The stored queue URL (Settings): set and cleared through the app API, shown with its password masked, and read
// by `serve` from the database before the host starts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../../../../main/core/store';
import { bareAppHandlers } from '../../../../helpers/app-handlers';
import { registerHandlers } from '../../../../../main/host/handlers';
import { readStoredQueueUrl } from '../../../../../main/host/queue/queue-setting';

describe('the queue URL setting', () => {
  it('is stored, shown masked, read back by serve and cleared', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nbrevive-queue-setting-'));
    const db = path.join(dir, 'host.db');
    const store = openStore(db);
    try {
      const api = registerHandlers(bareAppHandlers(store));
      const set = await api.dispatch('app:settings.set', { queueUrl: 'redis://:s3cret@10.0.0.5:6379' });
      expect(set.ok && (set.value as { queueUrl: string }).queueUrl).toBe('redis://:***@10.0.0.5:6379');
      expect(readStoredQueueUrl(db)).toBe('redis://:s3cret@10.0.0.5:6379');
      const bad = await api.dispatch('app:settings.set', { queueUrl: 'http://10.0.0.5' });
      expect(bad.ok).toBe(false);
      await api.dispatch('app:settings.set', { queueUrl: null });
      expect(readStoredQueueUrl(db)).toBeNull();
      const list = await api.dispatch('app:workers.list', {});
      expect(list.ok && list.value).toEqual({ backend: 'local', queueUrl: null, items: [] });
    } finally {
      store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
