// Human-readable reports of a finished run or modernization, printed by the CLI.
import { formatDuration } from '../../shared/lib/format';
import { formatScore } from '../../shared/lib/judge';
import { firstLine } from '../../shared/lib/text';
import type { Iteration } from '../../shared/models/loop';
import type { Job } from '../core/store';

const bold = (s: string) => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[22m` : s);
const red = (s: string) => (process.stdout.isTTY ? `\x1b[31m${s}\x1b[39m` : s);
const green = (s: string) => (process.stdout.isTTY ? `\x1b[32m${s}\x1b[39m` : s);

/** The report of one execution: status, wall time, each failing cell, score vs target, verdict. */
export function formatExecution(iteration: Iteration, job: Job): string {
  const { report, verdict } = iteration;
  const lines: string[] = [];
  const status = report.status === 'ok' ? green(report.status) : red(report.status);
  lines.push(
    `${bold('status')}     ${status} in ` +
      `${formatDuration(report.wallTimeMs)}${report.message ? ` — ${report.message}` : ''}`,
  );
  if (report.errors.length === 0) lines.push(`${bold('errors')}     none`);
  else {
    lines.push(`${bold('errors')}     ${report.errors.length} failing cell(s)`);
    for (const e of report.errors) {
      const pre = e.authorNeverRan
        ? ' (pre-existing: the author never ran this cell, and it is not Python)'
        : e.preExisting
          ? ' (pre-existing: the original notebook shows it too)'
          : '';
      lines.push(`  cell ${e.cellIndex}: ${red(e.ename)}: ${firstLine(e.evalue)}${pre}`);
      if (e.line) lines.push(`      at: ${e.line.trim()}`);
    }
  }
  const score =
    report.score === null ? `none${report.scoreNote ? ` (${report.scoreNote})` : ''}` : formatScore(report.score);
  const target = verdict.target === null ? 'none' : formatScore(verdict.target);
  lines.push(`${bold('score')}      ${score}   target ${target}`);
  const mark =
    verdict.reproducible && verdict.errorFree
      ? green('reproducible')
      : verdict.reproducible
        ? 'reproducible with errors'
        : red('not reproducible');
  lines.push(`${bold('verdict')}    ${mark}: ${verdict.reason}`);
  lines.push(`${bold('job')}        ${job.id}`);
  return lines.join('\n');
}

export { bold, green, red };
