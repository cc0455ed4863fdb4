// Shared setup of the API-change tests: today's package versions (the product's own TODAY_ENVIRONMENT, not a copy)
// and a maker of table rows for tables built in a test.
import { TODAY_ENVIRONMENT } from '../../../../../../main/core/fixers/api-changes/coverage';
import type { ApiChange } from '../../../../../../main/core/fixers/api-changes/table';
import type { CellError } from '../../../../../../shared/models/execution';
import { fix } from '../rules/helpers';

/** The package versions of today's stack, as the rules' `packages` option takes them. */
export const TODAY_PACKAGES: Record<string, string> = TODAY_ENVIRONMENT.packages;

/**
 * A maker of pure changelog rows with no date, note or link: `defaults` fills library, version and kind, and each
 * call's fields override them.
 */
export function rowMaker(
  defaults: Pick<ApiChange, 'library' | 'version' | 'kind'>,
): (partial: Partial<ApiChange>) => ApiChange {
  return (partial) => ({
    ...defaults,
    date: null,
    old: '',
    new: null,
    note: '',
    link: '',
    origin: 'changelog',
    pure: true,
    ...partial,
  });
}

/** Applies `ruleIds` to a one-cell notebook in today's stack that failed with `errors`; the cell's new source. */
export function fixToday(source: string, ruleIds: string[], ...errors: CellError[]): Promise<string> {
  return fix(source, ruleIds, { packages: TODAY_PACKAGES, errors });
}
