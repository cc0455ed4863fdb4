// What the worker runs jobs with: the engine's runtime for a job's settings (checked before use) and its fixers,
// so a job runs the same under the worker as under `nbrevive run`.
import { createFixers, createRuntime, workRootFor } from '../core/engine';
import type { Store } from '../core/store';
import type { LoopRunnerDependencies } from './loop-runner';

export function defaultLoopDependencies(store: Store): LoopRunnerDependencies {
  return {
    createRuntime: (settings) =>
      createRuntime({ runtime: settings.runtime, python: settings.python, image: settings.image, gpus: settings.gpus, network: settings.network }),
    createFixers: () => createFixers(),
    workRoot: workRootFor(store),
  };
}
