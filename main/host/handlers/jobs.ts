// Jobs: queueing cases with the stored defaults, reading, cancelling, retrying and reprioritizing jobs; their logs
// and their reviews (a person's judgement of equivalence).
import { jobSummary } from '../../../shared/contracts/summaries';
import { NbreviveError } from '../../../shared/lib/errors';
import { JobSettingsSchema } from '../../../shared/models/loop';
import { createJob } from '../../core/jobs/job-service';
import { jobDefaults, type AppHandlerDependencies, type FeatureHandlers } from './context';

export function jobHandlers({ store, queue }: AppHandlerDependencies): FeatureHandlers<'jobs'> {
  return {
    'app:jobs.enqueue'({ caseIds, settings, priority }) {
      const records = caseIds.map((id) => store.cases.require(id));
      const merged = JobSettingsSchema.parse({ ...jobDefaults(store), ...settings });
      const jobs = store.transaction(() => records.map((r) => createJob(store, r, merged, { priority })));
      queue.wake();
      queue.changed('enqueued');
      return { jobs: jobs.map(jobSummary) };
    },
    'app:jobs.list'(input) {
      const page = store.jobs.list(input);
      return { ...page, items: page.items.map(jobSummary) };
    },
    'app:jobs.get'({ jobId }) {
      const job = store.jobs.require(jobId);
      return { job: jobSummary(job), review: job.review };
    },
    'app:jobs.cancel'({ jobId }) {
      const job = store.jobs.require(jobId);
      let result = job;
      if (job.status === 'queued' || job.status === 'paused') {
        result = store.jobs.update(jobId, { status: 'cancelled', stopReason: 'cancelled' });
        queue.dequeue?.(jobId);
      } else if (job.status === 'running') {
        // the worker sees the flag at its next heartbeat even if this message is lost
        result = store.jobs.update(jobId, { cancelRequested: true });
        queue.cancel(jobId);
      }
      queue.changed('cancelled');
      return jobSummary(result);
    },
    'app:jobs.retry'({ jobId }) {
      const job = store.jobs.require(jobId);
      if (job.status !== 'failed' && job.status !== 'cancelled' && job.status !== 'paused') {
        throw new NbreviveError(
          'invalid-request',
          `job ${jobId} is ${job.status}: only failed, cancelled or paused ` +
            `jobs can be retried (enqueue the case again for a fresh job)`,
        );
      }
      const requeued = store.jobs.update(jobId, {
        status: 'queued',
        error: null,
        stopReason: null,
        finishedAt: null,
        cancelRequested: false,
        workerId: null,
      });
      queue.wake();
      queue.changed('retried');
      return jobSummary(requeued);
    },
    'app:jobs.setPriority'({ jobId, priority }) {
      const job = store.jobs.update(jobId, { priority });
      queue.reprioritize?.(jobId, priority);
      queue.changed('priority');
      return jobSummary(job);
    },
  } satisfies FeatureHandlers<'jobs'>;
}

export function logHandlers({ store }: AppHandlerDependencies): FeatureHandlers<'logs'> {
  return {
    'app:logs.tail'({ jobId, limit, afterSeq }) {
      store.jobs.require(jobId);
      return { lines: store.logs.tail(jobId, { limit, ...(afterSeq !== undefined ? { afterSeq } : {}) }) };
    },
  } satisfies FeatureHandlers<'logs'>;
}

export function reviewHandlers({ store }: AppHandlerDependencies): FeatureHandlers<'reviews'> {
  return {
    'app:reviews.get': ({ jobId }) => ({ review: store.jobs.getReview(jobId) }),
    'app:reviews.set': ({ jobId, verdict, note }) => store.jobs.setReview(jobId, verdict, note),
  } satisfies FeatureHandlers<'reviews'>;
}
