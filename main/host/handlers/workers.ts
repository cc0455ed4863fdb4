// Remote workers (the distributed mode, issue 17): who is connected, and the per-worker tokens that let them in
// (created, listed, revoked; a revoked token's next request is refused).
import { WorkerTokens } from '../queue/worker-tokens';
import type { AppHandlerDependencies, FeatureHandlers } from './context';

export function workerHandlers({ store, workers }: AppHandlerDependencies): FeatureHandlers<'workers'> {
  const tokens = new WorkerTokens(store);
  return {
    'app:workers.list': () => workers?.list() ?? { backend: 'local', queueUrl: null, items: [] },
    'app:workers.tokens': () => ({ items: tokens.list() }),
    'app:workers.createToken': ({ name }) => tokens.create(name),
    'app:workers.revokeToken': ({ tokenId }) => tokens.revoke(tokenId),
  } satisfies FeatureHandlers<'workers'>;
}
