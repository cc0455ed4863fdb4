// The shape of a rule's before → after example; each catalog group has a file of them in this folder.
import type { FixOptions } from '../../helpers';

export interface RuleCase {
  rule: string;
  name: string;
  /** one source per cell */
  before: string[];
  /** expected sources (same as before: the rule must not touch them) */
  after: string[];
  options?: FixOptions;
}

/** A one-cell case. */
export function one(rule: string, name: string, before: string, after: string, options?: FixOptions): RuleCase {
  return { rule, name, before: [before], after: [after], ...(options ? { options } : {}) };
}

/** A one-cell case the rule must leave as it is. */
export function leftAlone(rule: string, name: string, source: string, options?: FixOptions): RuleCase {
  return one(rule, name, source, source, options);
}
