// The offer run/modernize/corpus/serve make when no usable Python is found: set up the managed runtime now
// (asked once on a terminal, or at once with --yes), with the set-up's progress on stderr, then go on with the job.
import readline from 'node:readline/promises';
import { isNbreviveError, NbreviveError } from '../../shared/lib/errors';
import {
  planSetup,
  runSetup,
  type ManagedRuntime,
  type PlanOptions,
  type SetupPlan,
} from '../core/runtime/python-setup';

/** True for the error choosePython throws when it found no interpreter at all (not for a named, broken one). */
export function isNoPythonError(e: unknown): e is NbreviveError {
  return isNbreviveError(e) && e.details?.reason === 'no-python';
}

async function confirm(question: string): Promise<boolean> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = (await rl.question(question)).trim().toLowerCase();
    return answer === '' || answer === 'y' || answer === 'yes';
  } finally {
    rl.close();
  }
}

/** Prints the set-up's steps and a digest of what pip/apt print (every line where stderr is not a terminal). */
export async function setUpWithProgress(
  plan: SetupPlan,
  stream: NodeJS.WriteStream = process.stderr,
): Promise<ManagedRuntime> {
  const tty = !!stream.isTTY;
  let live = false;
  const clear = (): void => {
    if (live) stream.write('\r\x1b[2K');
    live = false;
  };
  const started = Date.now();
  const runtime = await runSetup(plan, {
    step(index, total, label) {
      clear();
      stream.write(`[setup ${index}/${total}] ${label}\n`);
    },
    line(text) {
      if (tty) {
        clear();
        stream.write(`  ${text.slice(0, Math.max(20, (stream.columns ?? 100) - 4))}`);
        live = true;
      } else if (/^(Collecting|Installing|Successfully|Setting up|Unpacking|Get:|E:|ERROR)/.test(text.trim())) {
        stream.write(`  ${text.trim()}\n`);
      }
    },
  }).finally(clear);
  stream.write(
    `[setup] ready in ${Math.round((Date.now() - started) / 1000)} s: ${runtime.python} is now the default runtime\n`,
  );
  return runtime;
}

export interface OfferOptions {
  /** --yes: set up without asking */
  yes: boolean;
  plan?: PlanOptions;
}

/**
 * Runs `attempt`; when it fails because no Python is usable, offers the managed runtime (once), sets it up and runs
 * `attempt` again. Without a terminal and without --yes the error says how to accept the offer.
 */
export async function withPythonOffer<T>(attempt: () => Promise<T>, options: OfferOptions): Promise<T> {
  try {
    return await attempt();
  } catch (e) {
    if (!isNoPythonError(e)) throw e;
    const plan = await planSetup(options.plan);
    if (!options.yes) {
      if (!process.stdin.isTTY || !process.stderr.isTTY) {
        throw new NbreviveError(
          'runtime-unavailable',
          `no Python interpreter with nbclient and ipykernel was found. nbrevive can ` +
            `set one up: ${plan.description}. Run again with --yes to accept, or run ` +
            `\`nbrevive runtimes setup\`; or name an interpreter with --python PATH.`,
        );
      }
      process.stderr.write('No Python interpreter with nbclient and ipykernel was found.\n');
      if (!(await confirm(`Set up ${plan.description} now? [Y/n] `))) throw e;
    }
    await setUpWithProgress(plan);
    return attempt();
  }
}
