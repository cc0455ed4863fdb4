// Score spec `mlebench`: grades the submission with the competition's own grade function from an MLE-bench
// competitions folder (config.yaml + grade.py), the way `mlebench grade-sample` does. The grader runs in the
// runtime's Python, next to the notebook's own pandas and scikit-learn, through one script shipped in resources/.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ScoreSpec } from '../../../shared/models/case';
import type { ScoreReading } from '../../../shared/lib/score-output';
import type { Runtime } from '../runtime/runtime';
import { pythonResourcesDir } from '../runtime/runner-protocol';

/** The grade script, found where the runner script is (source checkout, built app or packaged app). */
export function mleBenchGradeScriptPath(): string {
  return path.join(pythonResourcesDir(), 'nbrevive_mlebench_grade.py');
}
const MARKER = 'NBREVIVE_GRADE ';

export interface MleBenchGradeRequest {
  spec: Extract<ScoreSpec, { kind: 'mlebench' }>;
  /** the case folder: relative competitionsDir / dataDir are resolved against it */
  root: string;
  workingDir: string;
  runtime: Pick<Runtime, 'runPython'>;
  timeoutMs: number;
}

/** The arguments of the grade script for this spec (exported for tests and for runtimes that map paths). */
export function mleBenchGradeArgs(request: Pick<MleBenchGradeRequest, 'spec' | 'root' | 'workingDir'>): string[] {
  const { spec, root, workingDir } = request;
  const args = ['--competition', spec.competition, '--submission', path.resolve(workingDir, spec.file)];
  if (spec.competitionsDir) args.push('--competitions-dir', path.resolve(root, spec.competitionsDir));
  if (spec.dataDir) args.push('--data-dir', path.resolve(root, spec.dataDir));
  return args;
}

/** Reads the script's result line; a missing or malformed one is a note, not a crash. */
export function parseGradeOutput(stdout: string): ScoreReading {
  const line = stdout
    .split(/\r?\n/)
    .reverse()
    .find((l) => l.startsWith(MARKER));
  if (!line)
    return {
      score: null,
      note: `the MLE-bench grader printed no result (output: ${JSON.stringify(stdout.slice(-300))})`,
    };
  try {
    const parsed = JSON.parse(line.slice(MARKER.length)) as { score?: unknown; note?: unknown };
    const score = typeof parsed.score === 'number' && Number.isFinite(parsed.score) ? parsed.score : null;
    const note =
      typeof parsed.note === 'string' ? parsed.note : score === null ? 'the MLE-bench grader returned no score' : null;
    return { score, note };
  } catch {
    return { score: null, note: `the MLE-bench grader's result is not JSON: ${line.slice(0, 300)}` };
  }
}

/** Grades with the competition's grade function in the runtime's Python. */
export async function gradeMleBench(request: MleBenchGradeRequest): Promise<ScoreReading> {
  const script = await fs.readFile(mleBenchGradeScriptPath(), 'utf8');
  let stdout: string;
  try {
    stdout = await request.runtime.runPython(script, mleBenchGradeArgs(request), {
      cwd: request.workingDir,
      timeoutMs: request.timeoutMs,
    });
  } catch (e) {
    return { score: null, note: `the MLE-bench grader could not run in the runtime's Python: ${(e as Error).message}` };
  }
  return parseGradeOutput(stdout);
}
