// The host's configuration reaches the worker's LLM settings: the stored API key travels over the port (never the
// environment, which notebook kernels inherit).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HostToWorkerMessageSchema } from '../../../../shared/contracts/worker';
import { JobScheduler } from '../../../../main/worker/job-scheduler';
import { openWorkerQueue } from '../../../../main/worker/worker-queue';
import { tempDir } from '../../../helpers/cli';

describe('worker configuration', () => {
  it('hands the API key of a configure message to the worker and keeps it out of messages without one', async () => {
    const { queue, close } = openWorkerQueue(path.join(tempDir(), 'db.sqlite'));
    const keys: (string | null)[] = [];
    const loop = new JobScheduler({
      queue,
      runner: async () => {},
      send: () => {},
      paused: true,
      onApiKey: (k) => keys.push(k),
    });
    try {
      loop.handle(
        HostToWorkerMessageSchema.parse({
          type: 'configure',
          concurrency: 1,
          paused: true,
          llmApiKey: 'sk-from-keyring',
        }),
      );
      loop.handle(HostToWorkerMessageSchema.parse({ type: 'configure', concurrency: 2, paused: true }));
      loop.handle(
        HostToWorkerMessageSchema.parse({ type: 'configure', concurrency: 2, paused: true, llmApiKey: null }),
      );
      expect(keys).toEqual(['sk-from-keyring', null]);
    } finally {
      await loop.stop();
      close();
    }
  });
});
