// The one interface every runtime (local Python, Docker) implements: check it, describe it, execute a notebook.
import type { ResolvedCase } from '../../../shared/models/case';
import type {
  EnvironmentDescription,
  ExecutionReport,
  RunnerEvent,
  RuntimeCheck,
} from '../../../shared/models/execution';
import type { Notebook } from '../../../shared/models/notebook';

export interface ExecutionRequest {
  notebook: Notebook;
  case: ResolvedCase;
  /** whole-notebook wall-time limit; default 600 000 */
  timeoutMs: number;
  /** a fresh folder owned by this execution: the runtime lays out input/ and working/ inside it */
  jobDir: string;
  signal?: AbortSignal;
}

export interface ExecutionResult {
  /** the report without scores (scoring fills scores/score/scoreNote afterwards) */
  report: ExecutionReport;
  /** the executed notebook with its outputs; null when the runner died before sending it */
  executed: Notebook | null;
  /** absolute path of the working directory after the run (files the notebook wrote) */
  workingDir: string;
}

export interface Runtime {
  readonly kind: 'local' | 'docker';
  check(): Promise<RuntimeCheck>;
  describe(): Promise<EnvironmentDescription>;
  execute(request: ExecutionRequest, onEvent?: (event: RunnerEvent) => void): Promise<ExecutionResult>;
  /** runs a short Python script in the runtime's interpreter (used by the mlebench grader); returns stdout */
  runPython(script: string, args: string[], options: { cwd: string; timeoutMs: number }): Promise<string>;
}
