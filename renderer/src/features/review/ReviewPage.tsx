// Review mode: walk finished jobs one by one with the keyboard and judge whether the modernized notebook does the
// same thing as the original (j/k move, e/n/u set the verdict, a focuses the note). Filters: unreviewed, and jobs
// whose fixes were flagged as semantic changes (epochs, estimators, subsampling …).
import { RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { IterationSummary, JobSummary } from '../../../../shared/contracts/schemas';
import type { Fix } from '../../../../shared/models/loop';
import type { Review } from '../../../../shared/models/review';
import { useApp, useNotifyError } from '../../app/context';
import { formatCost, formatScore } from '../../lib/format';
import { Badge } from '../../ui/Badge';
import { isTypingTarget, useWindowKeydown } from '../../ui/keys';
import { DiffView } from '../job/DiffView';
import { FixChip } from '../job/Timeline';

type ReviewFilter = 'all' | 'unreviewed' | 'flagged';
type Verdict = Review['verdict'];

interface JobFixes {
  iterations: IterationSummary[];
  fixes: Fix[];
  flags: string[];
}

export function ReviewPage({ jobId }: { jobId: string | null }) {
  const { jobs, navigate } = useApp();
  const [filter, setFilter] = useState<ReviewFilter>('all');
  const noteRef = useRef<HTMLTextAreaElement>(null);

  const finished = useMemo(() => (jobs ?? []).filter((j) => j.outcome !== null && j.iterations > 0), [jobs]);
  const { details, scanning, loadDetails } = useJobFixes(finished, filter === 'flagged');

  const list = useMemo(() => {
    if (filter === 'unreviewed') return finished.filter((j) => !j.reviewVerdict || j.id === jobId);
    if (filter === 'flagged') return finished.filter((j) => (details.get(j.id)?.flags.length ?? 0) > 0);
    return finished;
  }, [filter, finished, details, jobId]);

  const position = Math.max(
    0,
    list.findIndex((j) => j.id === jobId),
  );
  const current = list[position] ?? null;
  const currentDetails = current ? details.get(current.id) : undefined;

  const { review, note, setNote, save } = useCurrentReview(current, loadDetails);

  const go = useCallback(
    (delta: number) => {
      const next = list[Math.min(list.length - 1, Math.max(0, position + delta))];
      if (next) navigate({ screen: 'review', jobId: next.id });
    },
    [list, position, navigate],
  );

  useReviewKeys(go, save, note, noteRef);

  const best =
    currentDetails?.iterations.find((i) => i.index === current?.bestIteration) ?? currentDetails?.iterations.at(-1);

  return (
    <div className="page review-page">
      <ReviewToolbar filter={filter} setFilter={setFilter} scanning={scanning} at={position} of={list.length} go={go} />
      {!current ? (
        <p className="muted">{jobs === null ? 'Loading…' : 'No finished job matches this filter.'}</p>
      ) : (
        <div className="review-grid">
          <ReviewCard
            job={current}
            review={review}
            note={note}
            onNote={setNote}
            noteRef={noteRef}
            fixes={currentDetails}
            onSave={(v, text) => void save(v, text)}
          />
          <section className="review-diff">
            {best && (
              <DiffView
                key={current.id}
                jobId={current.id}
                it={best}
                fix={currentDetails?.fixes.at(-1) ?? null}
                initialAgainst="original"
              />
            )}
          </section>
        </div>
      )}
    </div>
  );
}

/** The current job's review: loaded (with its fixes) when the walk reaches the job, and saved with a verdict. */
function useCurrentReview(current: JobSummary | null, loadDetails: (id: string) => Promise<JobFixes>) {
  const { api, notify, reloadJobs } = useApp();
  const notifyError = useNotifyError();
  const [review, setReview] = useState<Review | null>(null);
  const [note, setNote] = useState('');

  useEffect(() => {
    if (!current) return;
    void loadDetails(current.id).catch(notifyError);
    api.reviewsGet({ jobId: current.id }).then(({ review: r }) => {
      setReview(r);
      setNote(r?.note ?? '');
    }, notifyError);
  }, [api, current?.id]);

  const save = useCallback(
    async (verdict: Verdict, text: string) => {
      if (!current) return;
      try {
        const r = await api.reviewsSet({ jobId: current.id, verdict, note: text });
        setReview(r);
        notify(`Saved: ${verdict}`);
        reloadJobs();
      } catch (e) {
        notifyError(e);
      }
    },
    [api, current, notify, reloadJobs],
  );
  return { review, note, setNote, save };
}

/** j/k move to the next and previous job, e/n/u save a verdict with the note, a focuses the note (not while typing). */
function useReviewKeys(
  go: (delta: number) => void,
  save: (verdict: Verdict, note: string) => Promise<void>,
  note: string,
  noteRef: RefObject<HTMLTextAreaElement | null>,
): void {
  useWindowKeydown(
    (e) => {
      if (isTypingTarget(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      const verdicts: Record<string, Verdict> = { e: 'equivalent', n: 'not-equivalent', u: 'unsure' };
      if (e.key === 'j') go(1);
      else if (e.key === 'k') go(-1);
      else if (verdicts[e.key]) void save(verdicts[e.key] as Verdict, note);
      else if (e.key === 'a') noteRef.current?.focus();
      else return;
      e.preventDefault();
    },
    [go, save, note, noteRef],
  );
}

/** Which jobs to walk (all, unreviewed, flagged), where the walk is, and the buttons that move it. */
function ReviewToolbar({
  filter,
  setFilter,
  scanning,
  at: position,
  of: count,
  go,
}: {
  filter: ReviewFilter;
  setFilter: (filter: ReviewFilter) => void;
  scanning: { done: number; total: number } | null;
  /** the current job's place in the list, and the list's length */
  at: number;
  of: number;
  go: (delta: number) => void;
}) {
  return (
    <div className="row toolbar">
      <h1>Review</h1>
      <div role="radiogroup" aria-label="which jobs to review" className="segmented">
        {(['all', 'unreviewed', 'flagged'] as ReviewFilter[]).map((f) => (
          <button key={f} type="button" role="radio" aria-checked={filter === f} onClick={() => setFilter(f)}>
            {f === 'flagged' ? 'flagged semantic change' : f}
          </button>
        ))}
      </div>
      {scanning && (
        <span className="muted" role="status">
          checking fixes {scanning.done}/{scanning.total}…
        </span>
      )}
      <span className="spacer" />
      <span className="muted" data-testid="review-position">
        {count ? `${position + 1} of ${count}` : '0 jobs'}
      </span>
      <button type="button" onClick={() => go(-1)} aria-label="previous job (k)">
        ↑ k
      </button>
      <button type="button" onClick={() => go(1)} aria-label="next job (j)">
        ↓ j
      </button>
    </div>
  );
}

/** The current job's card: outcome, the verdict buttons (e/n/u), the note (a; Ctrl+Enter saves) and its fixes. */
function ReviewCard({
  job,
  review,
  note,
  onNote,
  noteRef,
  fixes,
  onSave,
}: {
  job: JobSummary;
  review: Review | null;
  note: string;
  onNote(note: string): void;
  noteRef: RefObject<HTMLTextAreaElement | null>;
  fixes: JobFixes | undefined;
  onSave(verdict: Verdict, note: string): void;
}) {
  return (
    <section className="panel review-card" aria-label={`review of ${job.caseTitle}`}>
      <h2>
        <a href={`#/job/${encodeURIComponent(job.id)}`}>{job.caseTitle || job.caseId}</a>
      </h2>
      <p className="row">
        <Badge kind="outcome" value={job.outcome} />
        <span className="muted">
          {job.iterations} iterations · score {formatScore(job.score)} / {formatScore(job.target)} ·{' '}
          {formatCost(job.costUsd)}
        </span>
      </p>
      <VerdictButtons verdict={review?.verdict ?? null} onChoose={(v) => onSave(v, note)} />
      <p data-testid="current-verdict">
        Verdict: <Badge kind="review" value={review?.verdict ?? null} />
      </p>
      <label className="block">
        Note <kbd>a</kbd>
        <textarea
          ref={noteRef}
          aria-label="review note"
          value={note}
          rows={4}
          onChange={(e) => onNote(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              onSave(review?.verdict ?? 'unsure', note);
            } else if (e.key === 'Escape') (e.target as HTMLTextAreaElement).blur();
          }}
        />
      </label>
      <h3>Fixes</h3>
      <FixList fixes={fixes} />
    </section>
  );
}

/** The three verdicts as buttons, the one given pressed; each shows its key. */
function VerdictButtons({ verdict, onChoose }: { verdict: Verdict | null; onChoose(verdict: Verdict): void }) {
  return (
    <div className="verdict-buttons" role="group" aria-label="verdict">
      {(
        [
          ['equivalent', 'e'],
          ['not-equivalent', 'n'],
          ['unsure', 'u'],
        ] as [Verdict, string][]
      ).map(([v, k]) => (
        <button
          key={v}
          type="button"
          aria-pressed={verdict === v}
          className={`verdict ${v}`}
          onClick={() => onChoose(v)}
        >
          <kbd>{k}</kbd> {v}
        </button>
      ))}
    </div>
  );
}

/** A job's fixes in order: what each did, its plan and its semantic-change flags. */
function FixList({ fixes }: { fixes: JobFixes | undefined }) {
  return (
    <ol className="fix-list">
      {(fixes?.fixes ?? []).map((f, i) => (
        <li key={i}>
          <FixChip fix={f} summary={null} />
          <p className="small">{f.plan}</p>
          {f.flags.length > 0 && <p className="bad small">flags: {f.flags.join(', ')}</p>}
        </li>
      ))}
      {fixes && !fixes.fixes.length && <li className="muted">no fix was needed</li>}
    </ol>
  );
}

/**
 * The fixes of finished jobs, loaded on demand and kept; with `scanAll` (the flagged filter needs every candidate's
 * fixes) they are loaded a few at a time, with the progress.
 */
function useJobFixes(finished: readonly JobSummary[], scanAll: boolean) {
  const { api } = useApp();
  const [details, setDetails] = useState<Map<string, JobFixes>>(new Map());
  const [scanning, setScanning] = useState<{ done: number; total: number } | null>(null);
  const loadDetails = useCallback(
    async (id: string): Promise<JobFixes> => {
      const known = details.get(id);
      if (known) return known;
      const { items } = await api.iterationsList({ jobId: id });
      const fixes = (
        await Promise.all(items.filter((i) => i.fix).map((i) => api.iterationsGetFix({ jobId: id, index: i.index })))
      ).flatMap((f) => (f.fix ? [f.fix] : []));
      const d = { iterations: items, fixes, flags: [...new Set(fixes.flatMap((f) => f.flags))] };
      setDetails((m) => new Map(m).set(id, d));
      return d;
    },
    [api, details],
  );

  // the flagged filter needs every candidate's fixes: scan them a few at a time
  useEffect(() => {
    if (!scanAll) return;
    const todo = finished.filter((j) => !details.has(j.id));
    if (!todo.length) return;
    let stop = false;
    setScanning({ done: 0, total: todo.length });
    (async () => {
      let done = 0;
      const queue = [...todo];
      const worker = async () => {
        while (!stop && queue.length) {
          const j = queue.shift() as JobSummary;
          await loadDetails(j.id).catch(() => null);
          setScanning({ done: ++done, total: todo.length });
        }
      };
      await Promise.all(Array.from({ length: 6 }, worker));
      if (!stop) setScanning(null);
    })();
    return () => {
      stop = true;
    };
  }, [scanAll, finished]);

  return { details, scanning, loadDetails };
}
