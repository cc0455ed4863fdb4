// Stored cases. A case is keyed by (root folder, manifest id); its store id is the manifest id, or — when another
// corpus already uses that id — the id suffixed with a short hash of the root, so ids stay readable and unique.
import crypto from 'node:crypto';
import { NbreviveError } from '../../../shared/lib/errors';
import { ResolvedCase, ResolvedCaseSchema, Target, TargetSchema } from '../../../shared/models/case';
import { JobStatus, Outcome } from '../../../shared/models/loop';
import { iso, likeEscape, likePattern, orNotFound, Page, SortOrder, StoreContext } from './context';

export interface CaseSummary {
  id: string;
  title: string;
  competition: string | null;
  created: string | null;
  root: string;
  scoreKind: string;
  target: Target | null;
  importedAt: string;
  /** the newest job of the case */
  latestJob: { id: string; status: JobStatus; outcome: Outcome | null } | null;
}

export interface CaseRecord extends CaseSummary {
  /** the manifest id (`case.id`); `id` differs from it only when another root already used it */
  caseKey: string;
  notebookPath: string;
  /** blob hash of the notebook as imported */
  originalHash: string;
  updatedAt: string;
  case: ResolvedCase;
}

export type CaseSortKey = 'title' | 'created' | 'importedAt' | 'id';

export interface CaseListQuery {
  search?: string;
  competition?: string;
  /** the newest job's outcome; 'none' = no job has reached an outcome */
  outcome?: Outcome | 'none';
  sort?: CaseSortKey;
  order?: SortOrder;
  limit?: number;
  offset?: number;
}

interface CaseRow {
  id: string;
  case_key: string;
  root: string;
  title: string;
  notebook_path: string;
  competition: string | null;
  created: string | null;
  score_spec: string;
  target: string | null;
  resolved: string;
  original_hash: string;
  imported_at: number;
  updated_at: number;
  latest_job_id: string | null;
  latest_job_status: JobStatus | null;
  latest_job_outcome: Outcome | null;
}

const SORT_COLUMNS: Record<CaseSortKey, string> = {
  title: 'c.title COLLATE NOCASE',
  created: 'c.created',
  importedAt: 'c.imported_at',
  id: 'c.id',
};

const LATEST_JOB = `(SELECT j.id FROM jobs j WHERE j.case_id = c.id ORDER BY j.created_at DESC, j.rowid DESC LIMIT 1)`;
const SELECT_CASE = `
  SELECT c.*, lj.id AS latest_job_id, lj.status AS latest_job_status, lj.outcome AS latest_job_outcome
  FROM cases c LEFT JOIN jobs lj ON lj.id = ${LATEST_JOB}`;

function toSummary(row: CaseRow): CaseSummary {
  return {
    id: row.id,
    title: row.title,
    competition: row.competition,
    created: row.created,
    root: row.root,
    scoreKind: (JSON.parse(row.score_spec) as { kind: string }).kind,
    target: row.target === null ? null : TargetSchema.parse(JSON.parse(row.target)),
    importedAt: iso(row.imported_at),
    latestJob: row.latest_job_id
      ? { id: row.latest_job_id, status: row.latest_job_status as JobStatus, outcome: row.latest_job_outcome }
      : null,
  };
}

function toRecord(row: CaseRow): CaseRecord {
  return {
    ...toSummary(row),
    caseKey: row.case_key,
    notebookPath: row.notebook_path,
    originalHash: row.original_hash,
    updatedAt: iso(row.updated_at),
    case: ResolvedCaseSchema.parse(JSON.parse(row.resolved)),
  };
}

export class CaseRepository {
  constructor(private readonly ctx: StoreContext) {}

  /**
   * Inserts the case or, when (root, id) is already stored, updates it in place (same store id, first import time
   * kept). `originalNotebookHash` must name a stored blob (store.blobs.put the notebook text first).
   */
  upsert(resolved: ResolvedCase, originalNotebookHash: string): CaseRecord {
    const c = ResolvedCaseSchema.parse(resolved);
    const now = this.ctx.now();
    const id = this.ctx.write(() => {
      const existing = this.ctx
        .prepare<[string, string], { id: string }>('SELECT id FROM cases WHERE root = ? AND case_key = ?')
        .get(c.root, c.id);
      const values = [
        c.title,
        c.notebookPath,
        c.competition,
        c.created,
        JSON.stringify(c.score),
        c.target === null ? null : JSON.stringify(c.target),
        c.manifest === null ? null : JSON.stringify(c.manifest),
        JSON.stringify(c),
        originalNotebookHash,
      ];
      if (existing) {
        this.ctx
          .prepare(
            `UPDATE cases SET title = ?, notebook_path = ?, competition = ?, created = ?, score_spec = ?, target = ?,
               manifest = ?, resolved = ?, original_hash = ?, updated_at = ? WHERE id = ?`,
          )
          .run(...values, now, existing.id);
        return existing.id;
      }
      const storeId = this.freeId(c.id, c.root);
      this.ctx
        .prepare(
          `INSERT INTO cases (id, case_key, root, title, notebook_path, competition, created, score_spec, target,
             manifest, resolved, original_hash, imported_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(storeId, c.id, c.root, ...values, now, now);
      return storeId;
    });
    return this.require(id);
  }

  private freeId(key: string, root: string): string {
    const taken = this.ctx.prepare<[string], { one: number }>('SELECT 1 AS one FROM cases WHERE id = ?');
    if (!taken.get(key)) return key;
    const digest = crypto.createHash('sha256').update(root).digest('hex');
    for (let n = 6; n <= digest.length; n += 2) {
      const candidate = `${key}-${digest.slice(0, n)}`;
      if (!taken.get(candidate)) return candidate;
    }
    throw new NbreviveError('internal', `no free case id for ${key} at ${root}`);
  }

  get(id: string): CaseRecord | null {
    const row = this.ctx.one<CaseRow>(`${SELECT_CASE} WHERE c.id = ?`, id);
    return row ? toRecord(row) : null;
  }

  /** get(), throwing 'not-found' for an unknown id. */
  require(id: string): CaseRecord {
    return orNotFound(this.get(id), `no case with id ${id}; list the cases with \`nbrevive cases\``, { id });
  }

  /** How many cases live in `dir` or below it (their root is that folder or inside it). */
  countUnder(dir: string): number {
    const prefix = dir.replace(/[\\/]+$/, '');
    return this.ctx.read(
      () =>
        this.ctx
          .prepare<[string, string], { n: number }>(
            `SELECT count(*) AS n FROM cases WHERE root = ? OR root LIKE ? ESCAPE '\\'`,
          )
          .get(prefix, `${likeEscape(prefix)}/%`)?.n ?? 0,
    );
  }

  list(query: CaseListQuery = {}): Page<CaseSummary> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.competition !== undefined) {
      where.push('c.competition = ?');
      params.push(query.competition);
    }
    if (query.search) {
      const pattern = likePattern(query.search);
      where.push(`(c.id LIKE ? ESCAPE '\\' OR c.title LIKE ? ESCAPE '\\' OR c.competition LIKE ? ESCAPE '\\')`);
      params.push(pattern, pattern, pattern);
    }
    if (query.outcome === 'none') where.push('lj.outcome IS NULL');
    else if (query.outcome !== undefined) {
      where.push('lj.outcome = ?');
      params.push(query.outcome);
    }
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const column = SORT_COLUMNS[query.sort ?? 'importedAt'];
    const dir = query.order === 'asc' ? 'ASC' : 'DESC';
    // only the original date can be NULL; leaving the IS NULL term off the others lets an index give the order
    const nullsLast = query.sort === 'created' ? `${column} IS NULL, ` : '';
    const limit = query.limit ?? 100;
    const offset = query.offset ?? 0;
    return this.ctx.snapshot(() => {
      const rows = this.ctx
        .prepare<unknown[], CaseRow>(
          `${SELECT_CASE} ${whereSql} ORDER BY ${nullsLast}${column} ${dir}, c.id ${dir} LIMIT ? OFFSET ?`,
        )
        .all(...params, limit, offset);
      const needsJoin = query.outcome !== undefined;
      const countSql = needsJoin
        ? `SELECT count(*) AS n FROM cases c LEFT JOIN jobs lj ON lj.id = ${LATEST_JOB} ${whereSql}`
        : `SELECT count(*) AS n FROM cases c ${whereSql}`;
      const total = this.ctx.prepare<unknown[], { n: number }>(countSql).get(...params)?.n ?? 0;
      return { items: rows.map(toSummary), total };
    });
  }
}
