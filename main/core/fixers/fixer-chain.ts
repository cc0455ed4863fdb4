// Which fixers a job asks, and in which order: fix memory, then the rules, then the LLM. This is the one place that
// decides it, so the loop only asks "a fix for this?" and "why none?" and never looks at a fixer's name.
import type { Fix, JobSettings, UnresolvedError } from '../../../shared/models/loop';
import type { FixContext, Fixer } from './fixer';
import { RulesFixer } from './rules/rules-fixer';

/** A fixer that can say why it has no fix for the errors a job was left with (the rules fixer does). */
export interface ErrorDiagnoser {
  diagnose(context: FixContext): Promise<UnresolvedError[]>;
}

function isDiagnoser(fixer: Fixer): fixer is Fixer & ErrorDiagnoser {
  return typeof (fixer as Partial<ErrorDiagnoser>).diagnose === 'function';
}

export interface FixerChainOptions {
  /** extra fixers (LLM, fix memory) built by the caller from its provider settings */
  extra?: readonly Fixer[];
}

/** The fixers in the order a job asks them: fix memory, rules, then the LLM. */
export function createFixers(options: FixerChainOptions = {}): Fixer[] {
  const extra = options.extra ?? [];
  return [...extra.filter((f) => f.name === 'memory'), new RulesFixer(), ...extra.filter((f) => f.name === 'llm')];
}

/**
 * Whether a job with these settings asks this fixer: the ones its `fixers` setting names; fix memory only when
 * the LLM is enabled (it replays fixes a model made, so it stands in for the model).
 */
export function asksFixer(settings: Pick<JobSettings, 'fixers'>, fixer: Pick<Fixer, 'name'>): boolean {
  if (fixer.name === 'memory') return settings.fixers.includes('llm');
  return settings.fixers.includes(fixer.name);
}

export interface FixerChain {
  /** the first non-empty fix of the fixers the job asks, in order; null when none has one */
  propose(context: FixContext): Promise<Fix | null>;
  /** whether some fixer can tell why no fix applied (the rules fixer can) */
  readonly diagnoses: boolean;
  /** why no fix applied to each error left; [] when no fixer can tell */
  diagnose(context: FixContext): Promise<UnresolvedError[]>;
}

/**
 * The chain a job runs with. The diagnosis comes from any fixer that can give one, asked or not: `nbrevive run`
 * asks no fixer and still says, per error, why no rule applies.
 */
export function fixerChain(fixers: readonly Fixer[], settings: Pick<JobSettings, 'fixers'>): FixerChain {
  const asked = fixers.filter((fixer) => asksFixer(settings, fixer));
  const diagnoser = fixers.find(isDiagnoser);
  return {
    async propose(context) {
      for (const fixer of asked) {
        const fix = await fixer.propose(context);
        if (fix && fix.edits.length > 0) return fix;
      }
      return null;
    },
    diagnoses: diagnoser !== undefined,
    diagnose: async (context) => (diagnoser ? diagnoser.diagnose(context) : []),
  };
}
