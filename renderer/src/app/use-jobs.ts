// All job summaries, loaded page by page and kept current from the event stream: a job's row is refetched when it
// reports progress, the whole list when the queue changes (enqueue, cancel, retry …).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { NbreviveApi } from '../../../shared/contracts/api';
import type { JobSummary } from '../../../shared/contracts/schemas';

const PAGE = 1000;

export async function loadAllJobs(api: NbreviveApi): Promise<JobSummary[]> {
  const first = await api.jobsList({ limit: PAGE, offset: 0 });
  const pages = [];
  for (let offset = PAGE; offset < first.total; offset += PAGE) pages.push(api.jobsList({ limit: PAGE, offset }));
  return [first.items, ...(await Promise.all(pages)).map((p) => p.items)].flat();
}

export function useJobs(api: NbreviveApi): { jobs: JobSummary[] | null; error: string | null; reload(): void } {
  const [jobs, setJobs] = useState<JobSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef(new Set<string>());

  const reload = useCallback(() => {
    loadAllJobs(api).then(
      (all) => {
        setJobs(all);
        setError(null);
      },
      (e: Error) => setError(e.message),
    );
  }, [api]);

  useEffect(() => {
    reload();
    const refreshOne = (jobId: string) => {
      if (pending.current.has(jobId)) return;
      pending.current.add(jobId);
      // coalesce bursts (one event per executed cell)
      setTimeout(() => {
        api.jobsGet({ jobId }).then(
          ({ job }) => {
            pending.current.delete(jobId);
            setJobs((prev) => {
              if (!prev) return prev;
              const i = prev.findIndex((j) => j.id === jobId);
              if (i < 0) return [job, ...prev];
              const next = prev.slice();
              next[i] = job;
              return next;
            });
          },
          () => pending.current.delete(jobId),
        );
      }, 300);
    };
    const offProgress = api.onJobsProgress((e) => refreshOne(e.jobId));
    const offIteration = api.onIterationsFinished((e) => refreshOne(e.jobId));
    const offQueue = api.onQueueChanged(() => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(reload, 400);
    });
    return () => {
      offProgress();
      offIteration();
      offQueue();
      if (timer.current) clearTimeout(timer.current);
    };
  }, [api, reload]);

  return { jobs, error, reload };
}
