// Helpers shared by several pandas rules of this folder (helpers used by one rule live in its file;
// helpers of several libraries in ../helpers.ts).
import type { CellContext, Rule } from '../../rule';
import type { Node } from 'web-tree-sitter';

export const PD = 'pandas';

export const pd = (version: string, date: string) => ({ package: PD, version, date });

/** The local name of pandas (`pd`), or null when the notebook does not import it under a name. */
export function pandasAlias(ctx: CellContext): string | null {
  return ctx.imports.aliasFor('pandas');
}

/** Receivers that are surely not pandas objects: literals and imported modules (np.any(x, 1) is numpy's). */
export function surelyNotPandas(
  receiver: Node | null,
  parsed: Parameters<Rule['apply']>[0],
  ctx: CellContext,
): boolean {
  if (!receiver) return true;
  if (
    [
      'string',
      'concatenated_string',
      'integer',
      'float',
      'list',
      'tuple',
      'dictionary',
      'set',
      'list_comprehension',
    ].includes(receiver.type)
  )
    return true;
  return ctx.imports.resolve(receiver, parsed) !== null;
}
