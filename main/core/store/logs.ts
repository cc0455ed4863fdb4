// Stored log lines of jobs (the notebook's stdout/stderr and nbrevive's own notes), numbered per job so a client
// can tail from the last sequence number it saw. Batches are appended in one transaction with prepared statements.
import { z } from 'zod';
import { iso, StoreContext } from './context';

export const LogStreamSchema = z.enum(['stdout', 'stderr', 'system']);
export type LogStream = z.infer<typeof LogStreamSchema>;

export interface LogInput {
  jobId: string;
  iteration?: number | null;
  stream: LogStream;
  text: string;
  /** epoch ms; default now */
  at?: number;
}

export interface LogLine {
  jobId: string;
  /** 1, 2, 3 … per job: the order lines were written */
  seq: number;
  iteration: number | null;
  stream: LogStream;
  text: string;
  at: string;
}

export interface LogTailOptions {
  /** only lines with seq greater than this, oldest first; without it, the newest `limit` lines */
  afterSeq?: number;
  limit?: number;
}

/** A logs row: the line's own fields, its job and its time as epoch ms. */
type LogRow = Pick<LogLine, 'seq' | 'iteration' | 'stream' | 'text'> & { job_id: string; ts: number };

function toLine({ job_id: jobId, seq, iteration, stream, text, ts }: LogRow): LogLine {
  return { jobId, seq, iteration, stream, text, at: iso(ts) };
}

export class LogRepository {
  constructor(private readonly ctx: StoreContext) {}

  /** Appends the lines in order (any mix of jobs) and returns them with their sequence numbers. */
  append(lines: readonly LogInput[]): LogLine[] {
    if (lines.length === 0) return [];
    for (const line of lines) LogStreamSchema.parse(line.stream);
    const now = this.ctx.now();
    return this.ctx.write(() => {
      const maxSeq = this.ctx.prepare<[string], { seq: number | null }>(
        'SELECT max(seq) AS seq FROM logs WHERE job_id = ?',
      );
      const insert = this.ctx.prepare(
        'INSERT INTO logs (job_id, seq, iteration, stream, text, ts) VALUES (?, ?, ?, ?, ?, ?)',
      );
      const next = new Map<string, number>();
      return lines.map((line) => {
        const seq = (next.get(line.jobId) ?? maxSeq.get(line.jobId)?.seq ?? 0) + 1;
        next.set(line.jobId, seq);
        const row: LogRow = { ...line, job_id: line.jobId, seq, iteration: line.iteration ?? null, ts: line.at ?? now };
        insert.run(row.job_id, row.seq, row.iteration, row.stream, row.text, row.ts);
        return toLine(row);
      });
    });
  }

  tail(jobId: string, options: LogTailOptions = {}): LogLine[] {
    const limit = options.limit ?? 500;
    return this.ctx.read(() => {
      if (options.afterSeq !== undefined) {
        return this.ctx
          .prepare<[string, number, number], LogRow>(
            'SELECT * FROM logs WHERE job_id = ? AND seq > ? ORDER BY seq LIMIT ?',
          )
          .all(jobId, options.afterSeq, limit)
          .map(toLine);
      }
      return this.ctx
        .prepare<[string, number], LogRow>('SELECT * FROM logs WHERE job_id = ? ORDER BY seq DESC LIMIT ?')
        .all(jobId, limit)
        .reverse()
        .map(toLine);
    });
  }
}
