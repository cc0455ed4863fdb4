// What every fixer (rules, LLM, fix memory) receives and returns; the loop does not care which one answered.
import type { ResolvedCase } from '../../../shared/models/case';
import type { EnvironmentDescription, ExecutionReport } from '../../../shared/models/execution';
import type { Fix, Problem, Verdict } from '../../../shared/models/loop';
import type { Notebook } from '../../../shared/models/notebook';
import type { Runtime } from '../runtime/runtime';

export interface FixHistoryEntry {
  iteration: number;
  fix: Fix;
  /** the fix did not help (same error at the same place, or the score got worse) */
  failed: boolean;
}

export interface FixContext {
  /** the current version, as executed (outputs included) */
  notebook: Notebook;
  /** the original notebook (version 0) */
  original: Notebook;
  case: ResolvedCase;
  problem: Problem;
  report: ExecutionReport;
  verdict: Verdict;
  environment: EnvironmentDescription;
  /** fixes already proposed in this job, oldest first */
  history: FixHistoryEntry[];
  /** rule ids / fix signatures the loop must not propose again (they failed) */
  exclude: Set<string>;
  /** the job's runtime, for short questions a fixer asks it (where a name is public: rules/public-names.ts) */
  runtime?: Pick<Runtime, 'runPython'>;
  signal?: AbortSignal;
}

export interface Fixer {
  readonly name: 'rules' | 'llm' | 'memory';
  /** a fix for the problem, or null when this fixer has none */
  propose(context: FixContext): Promise<Fix | null>;
}
