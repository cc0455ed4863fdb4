// The virtualized table of every job: filters, sort, search (/), multi-select (x, space), keyboard cursor (j/k,
// enter opens); the bulk actions and report exports of the selection are BulkActions.tsx.
import { KeyboardEvent, memo, RefObject, useCallback, useMemo, useRef, useState } from 'react';
import type { JobSummary } from '../../../../shared/contracts/schemas';
import { REVIEW_VERDICTS } from '../../../../shared/models/review';
import { useApp } from '../../app/context';
import { formatCost, formatScore } from '../../lib/format';
import { deviation, EMPTY_FILTER, filterJobs, fixCount, JobFilter, SortKey, sortJobs } from '../../lib/job-rows';
import { Badge } from '../../ui/Badge';
import { isTypingTarget, useWindowKeydown } from '../../ui/keys';
import { VirtualRows } from '../../ui/VirtualRows';
import { BulkActions } from './BulkActions';

const ROW_HEIGHT = 32;
const COLUMNS: { key: SortKey; label: string; className: string }[] = [
  { key: 'case', label: 'Case', className: 'c-case' },
  { key: 'competition', label: 'Competition', className: 'c-comp' },
  { key: 'status', label: 'Status', className: 'c-status' },
  { key: 'outcome', label: 'Outcome', className: 'c-outcome' },
  { key: 'iterations', label: 'Iter.', className: 'c-num' },
  { key: 'score', label: 'Score vs target', className: 'c-score' },
  { key: 'fixes', label: 'Fixes', className: 'c-num' },
  { key: 'cost', label: 'Cost', className: 'c-num' },
  { key: 'review', label: 'Review', className: 'c-review' },
];

export function JobsTable({ jobs }: { jobs: JobSummary[] }) {
  const { navigate } = useApp();
  const [filter, setFilter] = useState<JobFilter>(EMPTY_FILTER);
  const [sort, setSort] = useState<{ key: SortKey; order: 'asc' | 'desc' }>({ key: 'created', order: 'desc' });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const search = useRef<HTMLInputElement>(null);

  const rows = useMemo(() => sortJobs(filterJobs(jobs, filter), sort.key, sort.order), [jobs, filter, sort]);
  const chosen = useMemo(() => rows.filter((j) => selected.has(j.id)), [rows, selected]);

  const toggle = useCallback((id: string) => {
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  }, []);
  const open = useCallback((id: string) => navigate({ screen: 'job', jobId: id }), [navigate]);

  useSearchShortcut(search);
  const { cursor, setCursor, onKeyDown } = useRowCursor(rows, toggle, open);

  const allSelected = rows.length > 0 && chosen.length === rows.length;
  const setSortKey = (key: SortKey) =>
    setSort((s) => ({ key, order: s.key === key && s.order === 'desc' ? 'asc' : 'desc' }));

  const renderRow = (i: number) => {
    const j = rows[i] as JobSummary;
    return (
      <JobRow
        key={j.id}
        job={j}
        index={i}
        cursor={i === cursor}
        selected={selected.has(j.id)}
        onToggle={toggle}
        onCursor={setCursor}
        onOpen={open}
      />
    );
  };

  return (
    <section className="panel table-panel" aria-labelledby="jobs-title">
      <JobFilters search={search} filter={filter} setFilter={setFilter} shown={rows.length} total={jobs.length} />
      <BulkActions jobs={jobs} chosen={chosen} />
      <div
        className="table"
        role="grid"
        aria-label="jobs"
        aria-rowcount={rows.length + 1}
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        <HeaderRow
          sort={sort}
          sortBy={setSortKey}
          allSelected={allSelected}
          toggleAll={() => setSelected(allSelected ? new Set() : new Set(rows.map((j) => j.id)))}
        />
        {rows.length === 0 ? (
          <p className="empty muted">
            {jobs.length
              ? 'No job matches the filters.'
              : 'No jobs yet: import a notebook or a corpus folder above, then enqueue it.'}
          </p>
        ) : (
          <VirtualRows
            count={rows.length}
            rowHeight={ROW_HEIGHT}
            renderRow={renderRow}
            cursor={cursor}
            label="job rows"
          />
        )}
      </div>
    </section>
  );
}

/** The grid's keyboard cursor: j/k or the arrows move it, x or space selects its row, Enter opens its job. */
function useRowCursor(rows: readonly JobSummary[], toggle: (id: string) => void, open: (id: string) => void) {
  const [cursor, setCursor] = useState(0);
  const onKeyDown = (e: KeyboardEvent) => {
    if (isTypingTarget(e.target) || e.ctrlKey || e.metaKey) return;
    const current = rows[cursor];
    if (e.key === 'j' || e.key === 'ArrowDown') setCursor((c) => Math.min(rows.length - 1, c + 1));
    else if (e.key === 'k' || e.key === 'ArrowUp') setCursor((c) => Math.max(0, c - 1));
    else if ((e.key === 'x' || e.key === ' ') && current) toggle(current.id);
    else if (e.key === 'Enter' && current) open(current.id);
    else return;
    e.preventDefault();
  };
  return { cursor, setCursor, onKeyDown };
}

/** `/` anywhere but in a text field puts the cursor in the search box. */
function useSearchShortcut(search: RefObject<HTMLInputElement | null>): void {
  useWindowKeydown(
    (e) => {
      if (e.key === '/' && !isTypingTarget(e.target)) {
        e.preventDefault();
        search.current?.focus();
      }
    },
    [search],
  );
}

const STATUSES = ['queued', 'running', 'paused', 'done', 'failed', 'cancelled'];
const OUTCOMES = ['reproducible', 'reproducible-with-errors', 'not-reproducible', 'none'];

/** The table's title, its search box and filters, and how many jobs they let through. */
function JobFilters({
  search,
  filter,
  setFilter,
  shown,
  total,
}: {
  search: RefObject<HTMLInputElement | null>;
  filter: JobFilter;
  setFilter: (filter: JobFilter) => void;
  shown: number;
  total: number;
}) {
  return (
    <div className="row toolbar">
      <h2 id="jobs-title">Jobs</h2>
      <input
        ref={search}
        type="search"
        aria-label="search jobs"
        placeholder="Search case, competition, job id  (/)"
        value={filter.search}
        onChange={(e) => setFilter({ ...filter, search: e.target.value })}
      />
      <FilterSelect
        what="status"
        value={filter.status}
        choices={STATUSES}
        set={(status) => setFilter({ ...filter, status })}
      />
      <FilterSelect
        what="outcome"
        value={filter.outcome}
        choices={OUTCOMES}
        set={(outcome) => setFilter({ ...filter, outcome })}
      />
      <select
        aria-label="filter by review"
        value={filter.review}
        onChange={(e) => setFilter({ ...filter, review: e.target.value as JobFilter['review'] })}
      >
        <option value="any">any review</option>
        <option value="unreviewed">unreviewed</option>
        {REVIEW_VERDICTS.map((v) => (
          <option key={v}>{v}</option>
        ))}
      </select>
      <span className="muted" data-testid="row-count">
        {shown} of {total} jobs
      </span>
    </div>
  );
}

/** One filter: any value, or one of `choices`. */
function FilterSelect({
  what,
  value,
  choices,
  set,
}: {
  what: string;
  value: string | null;
  choices: readonly string[];
  set: (value: string | null) => void;
}) {
  return (
    <select aria-label={`filter by ${what}`} value={value ?? ''} onChange={(e) => set(e.target.value || null)}>
      <option value="">any {what}</option>
      {choices.map((s) => (
        <option key={s}>{s}</option>
      ))}
    </select>
  );
}

/** The column headers: select all shown jobs, and sort by a column (again: the other order). */
function HeaderRow({
  sort,
  sortBy,
  allSelected,
  toggleAll,
}: {
  sort: { key: SortKey; order: 'asc' | 'desc' };
  sortBy: (key: SortKey) => void;
  allSelected: boolean;
  toggleAll: () => void;
}) {
  return (
    <div className="thead trow" role="row" aria-rowindex={1}>
      <span className="c-sel" role="columnheader">
        <input type="checkbox" aria-label="select all shown jobs" checked={allSelected} onChange={toggleAll} />
      </span>
      {COLUMNS.map((c) => (
        <span
          key={c.key}
          className={c.className}
          role="columnheader"
          aria-sort={sort.key === c.key ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}
        >
          <button type="button" className="sort" onClick={() => sortBy(c.key)}>
            {c.label}
            {sort.key === c.key ? (sort.order === 'asc' ? ' ▲' : ' ▼') : ''}
          </button>
        </span>
      ))}
    </div>
  );
}

interface JobRowProps {
  job: JobSummary;
  index: number;
  cursor: boolean;
  selected: boolean;
  onToggle(id: string): void;
  onCursor(i: number): void;
  onOpen(id: string): void;
}

// memo: while scrolling, rows that stay in view are not rendered again
const JobRow = memo(function JobRow({ job: j, index: i, cursor, selected, onToggle, onCursor, onOpen }: JobRowProps) {
  const dev = deviation(j);
  return (
    <div
      className={`trow ${cursor ? 'cursor' : ''} ${selected ? 'selected' : ''}`}
      role="row"
      aria-rowindex={i + 2}
      aria-selected={selected}
      style={{ height: ROW_HEIGHT }}
      onClick={() => onCursor(i)}
      onDoubleClick={() => onOpen(j.id)}
      data-job-id={j.id}
    >
      <span className="c-sel" role="gridcell">
        <input
          type="checkbox"
          aria-label={`select ${j.caseTitle} (${j.id})`}
          checked={selected}
          onChange={() => onToggle(j.id)}
        />
      </span>
      <span className="c-case" role="gridcell">
        <a href={`#/job/${encodeURIComponent(j.id)}`} title={`${j.caseTitle} · ${j.id}`}>
          {j.caseTitle || j.caseId}
        </a>
      </span>
      <span className="c-comp" role="gridcell" title={j.competition ?? ''}>
        {j.competition ?? '–'}
      </span>
      <span className="c-status" role="gridcell">
        <Badge kind="status" value={j.status} />
      </span>
      <span className="c-outcome" role="gridcell">
        <Badge kind="outcome" value={j.outcome} />
      </span>
      <span className="c-num" role="gridcell">
        {j.iterations}
      </span>
      <span className="c-score" role="gridcell" title={dev === null ? '' : `deviation ${(dev * 100).toFixed(1)}%`}>
        {formatScore(j.score)} <span className="muted">/ {formatScore(j.target)}</span>
        {dev !== null && <span className={dev <= j.settings.tolerance ? 'ok' : 'bad'}> {(dev * 100).toFixed(1)}%</span>}
      </span>
      <span
        className="c-num"
        role="gridcell"
        title={j.failedFixes ? `${j.failedFixes} of them did not help` : undefined}
      >
        {fixCount(j)}
        {j.failedFixes ? <span className="muted"> ({j.failedFixes} failed)</span> : null}
      </span>
      <span className="c-num" role="gridcell">
        {formatCost(j.costUsd)}
      </span>
      <span className="c-review" role="gridcell">
        <Badge kind="review" value={j.reviewVerdict ?? null} />
      </span>
    </div>
  );
});
