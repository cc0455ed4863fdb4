// The app API's handlers: binds every contract channel to the store, the queue and the engine. Transport-free:
// the HTTP server (`nbrevive serve`) and Electron IPC dispatch to the same table. Each feature's handlers live in
// handlers/<feature>.ts; this is the one place they are composed.
import type { ApiHandlers } from '../../shared/contracts/api';
import { caseHandlers } from './handlers/cases';
import type { AppHandlerDependencies } from './handlers/context';
import { exportHandlers } from './handlers/exports';
import { iterationHandlers } from './handlers/iterations';
import { jobHandlers, logHandlers, reviewHandlers } from './handlers/jobs';
import { queueHandlers } from './handlers/queue';
import { runtimeHandlers } from './handlers/runtimes';
import { settingsHandlers } from './handlers/settings';
import { statsHandlers } from './handlers/stats';
import { workerHandlers } from './handlers/workers';

// Store records carry more than the API's summaries (the resolved case, worker bookkeeping): the dispatcher parses
// every answer with the channel's output schema, which keeps only the contract's fields.
export function createAppHandlers(deps: AppHandlerDependencies): ApiHandlers {
  return {
    ...caseHandlers(deps),
    ...jobHandlers(deps),
    ...queueHandlers(deps),
    ...iterationHandlers(deps),
    ...logHandlers(deps),
    ...runtimeHandlers(),
    ...settingsHandlers(deps),
    ...reviewHandlers(deps),
    ...exportHandlers(deps),
    ...statsHandlers(deps),
    ...workerHandlers(deps),
  } satisfies ApiHandlers;
}
