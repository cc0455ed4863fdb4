// Helpers shared by several pandas rules of this folder (helpers used by one rule live in its file;
// helpers of several libraries in ../helpers.ts).
import type { CellContext, Rule } from '../../rule';
import type { Node } from 'web-tree-sitter';
import type { CellError } from '../../../../../../shared/models/execution';
import { stripAnsi } from '../../../../../../shared/lib/text';

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

/**
 * Does the error say that an object of one of `classes` lacks `member` ("'Series' object has no attribute 'ptp'"), at
 * a line that shows `text`? For removed members whose names other types share: the runtime names the type, the
 * source does not. (IPython colours a traceback token by token: the frames are compared without their ANSI codes.)
 */
export function errorNamesClassAt(error: CellError, member: string, classes: readonly string[], text: string): boolean {
  const m = /^'(\w+)' object has no attribute '(\w+)'/.exec(error.evalue);
  if (!m || m[2] !== member || !classes.includes(m[1] as string)) return false;
  return (error.line ?? '').includes(text) || error.traceback.some((frame) => stripAnsi(frame).includes(text));
}
