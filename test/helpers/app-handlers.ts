// The host's app handlers in the test's own process, for tests of the handler layer (channels, IPC, settings,
// imports) that run no job.
import type { Store } from '../../main/core/store';
import { createAppHandlers } from '../../main/host/app-handlers';
import type { ApiHandlers } from '../../shared/contracts/api';

/** The app handlers on `store`, without an API key and with a queue that does nothing. */
export function bareAppHandlers(store: Store, defaultConcurrency = 1): ApiHandlers {
  return createAppHandlers({
    store,
    secrets: { hasKey: () => false, getKey: () => null, setKey: () => {} },
    defaultConcurrency,
    queue: { wake() {}, cancel() {}, configure() {}, workers: () => 0, changed() {} },
  });
}
