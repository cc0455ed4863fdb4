// Scoring an execution (docs/architecture.md, vocabulary "score spec"): reads the score of one run from the executed
// notebook's outputs, from a file it wrote graded with a built-in metric, or with an MLE-bench competition's own grader
// run in the runtime's Python. A run that yields no score gets a note saying why; a score pattern that runs past its
// time limit is the case's fault, not the run's: a typed error (invalid-case) that fails the job with what to change.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedCase, ScoreSpec } from '../../../shared/models/case';
import type { Notebook } from '../../../shared/models/notebook';
import { CsvError, parseCsv, type CsvTable } from '../../../shared/lib/csv';
import { scoreFromOutputs, type ScoreReading } from '../../../shared/lib/score-output';
import { gradeSubmission } from '../../../shared/lib/score-submission';
import type { Runtime } from '../runtime/runtime';
import { gradeMleBench } from './mlebench';
import { DEFAULT_PATTERN_TIMEOUT_MS, matchWithTimeLimit } from './regex-limit';

export type { ScoreReading } from '../../../shared/lib/score-output';

export interface ScoreRequest {
  spec: ScoreSpec;
  case: Pick<ResolvedCase, 'root'>;
  /** the executed notebook with its outputs; null when the runner died before sending it */
  executed: Notebook | null;
  /** the case's original notebook (with cell ids): names the score cell of an `output` spec */
  original: Notebook;
  /** the run's working directory, where the notebook wrote its files */
  workingDir: string;
  /** where an `mlebench` grader runs */
  runtime: Pick<Runtime, 'runPython'>;
  /** limit for the grader; default 300 s */
  graderTimeoutMs?: number;
  /** limit for an `output` spec's pattern over the score cell (default 2 s); longer throws a typed error */
  patternTimeoutMs?: number;
}

/** A CSV file as a table, or a note saying why it cannot be read. */
export async function readCsvFile(file: string, label: string): Promise<CsvTable | { note: string }> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { note: `${label} was not found at ${file}` };
    if (code === 'EISDIR') return { note: `${label} at ${file} is a folder, not a file` };
    return { note: `${label} at ${file} cannot be read: ${(e as Error).message}` };
  }
  try {
    return parseCsv(text);
  } catch (e) {
    if (e instanceof CsvError) return { note: `${label} at ${file} is not a usable CSV file: ${e.message}` };
    throw e;
  }
}

async function scoreSubmissionSpec(
  spec: Extract<ScoreSpec, { kind: 'submission' }>,
  root: string,
  workingDir: string,
): Promise<ScoreReading> {
  const submissionFile = path.resolve(workingDir, spec.file);
  const answersFile = path.resolve(root, spec.answers);
  const submission = await readCsvFile(submissionFile, `the submission file ${spec.file} the notebook should write`);
  if ('note' in submission) return { score: null, note: submission.note };
  const answers = await readCsvFile(answersFile, 'the answers file');
  if ('note' in answers) return { score: null, note: answers.note };
  return gradeSubmission({
    submission,
    answers,
    metric: spec.metric,
    ...(spec.idColumn !== undefined ? { idColumn: spec.idColumn } : {}),
    ...(spec.targetColumns !== undefined ? { targetColumns: spec.targetColumns } : {}),
    submissionName: spec.file,
    answersName: path.basename(answersFile),
  });
}

/** The score of one run under the case's score spec: a number, or null with a note saying why. */
export async function scoreExecution(request: ScoreRequest): Promise<ScoreReading> {
  const { spec } = request;
  switch (spec.kind) {
    case 'none':
      return { score: null, note: null };
    case 'output':
      if (!request.executed) {
        return {
          score: null,
          note: 'the run did not return an executed notebook, so there are no outputs to read the score from',
        };
      }
      {
        // the pattern is the user's: it runs in a worker thread with a time limit, never on this thread unbounded
        const timeoutMs = request.patternTimeoutMs ?? DEFAULT_PATTERN_TIMEOUT_MS;
        return scoreFromOutputs(spec, request.original, request.executed, (regex, lines, occurrence) =>
          matchWithTimeLimit(regex, lines, occurrence, timeoutMs),
        );
      }
    case 'submission':
      return scoreSubmissionSpec(spec, request.case.root, request.workingDir);
    case 'mlebench':
      return gradeMleBench({
        spec,
        root: request.case.root,
        workingDir: request.workingDir,
        runtime: request.runtime,
        timeoutMs: request.graderTimeoutMs ?? 300_000,
      });
  }
}
