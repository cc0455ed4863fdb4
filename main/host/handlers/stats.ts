// Corpus statistics over the finished jobs (all of them, of one competition, or the ones named).
import type { Job, Store } from '../../core/store';
import { corpusStats } from '../../core/stats/corpus-stats';
import type { AppHandlerDependencies, FeatureHandlers } from './context';

/** The jobs named, else every finished job (of the competition when given), oldest first. */
export function jobsFor(store: Store, jobIds: string[] | undefined, competition?: string): Job[] {
  if (jobIds) return jobIds.map((id) => store.jobs.require(id));
  const out: Job[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = store.jobs.list({
      outcome: undefined,
      competition,
      limit: 1000,
      offset,
      sort: 'createdAt',
      order: 'asc',
    });
    out.push(...page.items.filter((j) => j.outcome !== null));
    if (page.items.length < 1000) return out;
  }
}

export function statsHandlers({ store }: AppHandlerDependencies): FeatureHandlers<'stats'> {
  return {
    'app:stats.corpus': ({ jobIds, competition }) => corpusStats(store, jobsFor(store, jobIds, competition)),
  } satisfies FeatureHandlers<'stats'>;
}
