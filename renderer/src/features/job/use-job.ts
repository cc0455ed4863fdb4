// The data of the job view: the job, its iterations and their fixes, kept current from the event stream (progress,
// finished iterations); an error loading the job is kept to show in place of the page.
import { useCallback, useEffect, useState } from 'react';
import type { IterationSummary, JobProgressEvent, JobSummary } from '../../../../shared/contracts/schemas';
import type { Fix } from '../../../../shared/models/loop';
import { useApp } from '../../app/context';
import { errorMessage } from '../../lib/format';

export function useJob(jobId: string) {
  const { api } = useApp();
  const [job, setJob] = useState<JobSummary | null>(null);
  const [iterations, setIterations] = useState<IterationSummary[]>([]);
  const [fixes, setFixes] = useState<Record<number, Fix | null>>({});
  const [progress, setProgress] = useState<JobProgressEvent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(async () => {
    try {
      const [{ job: j }, { items }] = await Promise.all([api.jobsGet({ jobId }), api.iterationsList({ jobId })]);
      setJob(j);
      setIterations(items);
    } catch (e) {
      setError(errorMessage(e));
    }
  }, [api, jobId]);

  useEffect(() => {
    void refresh();
    const offProgress = api.onJobsProgress((e) => {
      if (e.jobId !== jobId) return;
      setProgress(e);
      setJob((j) => (j && j.status !== e.status ? { ...j, status: e.status } : j));
      if (e.phase === 'finished') void refresh();
    });
    const offIteration = api.onIterationsFinished((it) => {
      if (it.jobId !== jobId) return;
      setIterations((list) =>
        list.some((x) => x.index === it.index) ? list : [...list, it].sort((a, b) => a.index - b.index),
      );
      void refresh();
    });
    return () => {
      offProgress();
      offIteration();
    };
  }, [api, jobId, refresh]);

  // fixes carry rule ids / model names the summaries leave out
  useEffect(() => {
    for (const it of iterations) {
      if (it.fix && !(it.index in fixes)) {
        api.iterationsGetFix({ jobId, index: it.index }).then(
          ({ fix }) => setFixes((f) => ({ ...f, [it.index]: fix })),
          () => {},
        );
      }
    }
  }, [api, jobId, iterations, fixes]);

  return { job, setJob, iterations, fixes, progress, error };
}
