// What every feature's handlers share: the store, the host's queue control, the secret store, and the settings
// they read the same way (queue settings, job defaults). app-handlers.ts composes the features into one table.
import { z } from 'zod';
import type { ApiHandlers } from '../../../shared/contracts/api';
import { JobSettingsSchema, type JobSettings } from '../../../shared/models/loop';
import { LLM_SETTINGS_KEY } from '../../core/fixers/llm/stored-settings';
import type { Store } from '../../core/store';
import type { SecretStore } from '../../core/store/secret-file';
import type { WorkersListOutputSchema } from '../../../shared/contracts/remote-worker';

/** What the handlers need from whoever runs the worker (the host). */
export interface QueueControl {
  /** a job was queued or requeued */
  wake(): void;
  /** a running job should stop */
  cancel(jobId: string): void;
  /** the queue settings changed */
  configure(concurrency: number, paused: boolean): void;
  workers(): number;
  /** tells clients the queue changed */
  changed(reason: string): void;
  /** a queued job left the queue (cancelled): the distributed queue drops it too */
  dequeue?(jobId: string): void;
  /** a job's priority changed: the distributed queue reorders it */
  reprioritize?(jobId: string, priority: number): void;
}

export interface AppHandlerDependencies {
  store: Store;
  queue: QueueControl;
  secrets: SecretStore;
  /** concurrency when none is stored: one per GPU, else one */
  defaultConcurrency: number;
  /** the remote workers of the distributed mode (absent: the embedded queue, no remote workers) */
  workers?: { list(): z.infer<typeof WorkersListOutputSchema> };
}

/** The handlers of one feature: the channels `app:<feature>.*` of the contract. */
export type FeatureHandlers<Feature extends string> = Pick<
  ApiHandlers,
  Extract<keyof ApiHandlers, `app:${Feature}.${string}`>
>;

const QueueSettingsSchema = z.object({
  paused: z.boolean().default(false),
  concurrency: z.number().int().positive().optional(),
});
export const SETTINGS_KEYS = { queue: 'queue', defaults: 'job.defaults', llm: LLM_SETTINGS_KEY } as const;

export function queueSettings(store: Store, defaultConcurrency: number): { paused: boolean; concurrency: number } {
  const stored = store.settings.get(SETTINGS_KEYS.queue, QueueSettingsSchema) ?? { paused: false };
  return { paused: stored.paused, concurrency: stored.concurrency ?? defaultConcurrency };
}

/** The job settings new jobs start from (the workbench's defaults, stored). */
export function jobDefaults(store: Store): JobSettings {
  return JobSettingsSchema.parse(store.settings.get(SETTINGS_KEYS.defaults) ?? {});
}
