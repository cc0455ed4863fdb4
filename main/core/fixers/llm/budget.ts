// Spending caps for LLM calls, in dollars and tokens, per job and per corpus. The loop (or the LLM fixer before
// each call) asks `assertCanSpend`; every call's usage is `charge`d to the job's budget and, through it, to the
// corpus's. Crossing a cap throws NbreviveError('budget-exceeded') with a message naming the cap.
import { NbreviveError } from '../../../../shared/lib/errors';
import type { Usage } from '../../../../shared/models/loop';

export interface BudgetCaps {
  /** US dollars; null or undefined: no cap */
  maxUsd?: number | null;
  /** prompt + completion tokens; null or undefined: no cap */
  maxTokens?: number | null;
}

export interface Spent {
  usd: number;
  tokens: number;
  calls: number;
}

export class Budget {
  private spentUsd = 0;
  private spentTokens = 0;
  private callCount = 0;

  /** `label` names the budget in messages, e.g. "job 12" or "corpus kaggle-2019" */
  constructor(
    readonly label: string,
    readonly caps: BudgetCaps = {},
    readonly parent: Budget | null = null,
  ) {}

  /** A budget for one job that also charges (and is capped by) this one. */
  child(label: string, caps: BudgetCaps = {}): Budget {
    return new Budget(label, caps, this);
  }

  /** Restores what was already spent (a resumed job or corpus), without passing it on to the parent. */
  restore(spent: Partial<Spent>): void {
    this.spentUsd = spent.usd ?? this.spentUsd;
    this.spentTokens = spent.tokens ?? this.spentTokens;
    this.callCount = spent.calls ?? this.callCount;
  }

  spent(): Spent {
    return { usd: this.spentUsd, tokens: this.spentTokens, calls: this.callCount };
  }

  /** Throws budget-exceeded when a call of about `promptTokens` (costing about `promptUsd`) would cross a cap. */
  assertCanSpend(promptTokens = 0, promptUsd = 0): void {
    const { maxUsd, maxTokens } = this.caps;
    if (maxUsd !== null && maxUsd !== undefined && this.spentUsd + promptUsd > maxUsd) {
      throw new NbreviveError(
        'budget-exceeded',
        `the LLM budget of ${this.label} is used up: $${this.spentUsd.toFixed(4)} spent of ` +
          `$${maxUsd.toFixed(2)}${promptUsd > 0 ? ` (the next call needs about $${promptUsd.toFixed(4)})` : ''}; ` +
          `raise the cap in settings to go on`,
        { label: this.label, spentUsd: this.spentUsd, maxUsd },
      );
    }
    if (maxTokens !== null && maxTokens !== undefined && this.spentTokens + promptTokens > maxTokens) {
      throw new NbreviveError(
        'budget-exceeded',
        `the LLM token budget of ${this.label} is used up: ${this.spentTokens} tokens spent of ` +
          `${maxTokens}${promptTokens > 0 ? ` (the next call needs about ${promptTokens})` : ''}; raise the cap in ` +
          `settings to go on`,
        { label: this.label, spentTokens: this.spentTokens, maxTokens },
      );
    }
    this.parent?.assertCanSpend(promptTokens, promptUsd);
  }

  charge(usage: Usage): void {
    this.spentUsd += usage.costUsd;
    this.spentTokens += usage.promptTokens + usage.completionTokens;
    this.callCount += 1;
    this.parent?.charge(usage);
  }
}
