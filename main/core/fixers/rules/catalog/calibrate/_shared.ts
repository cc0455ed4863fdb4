// Helpers shared by several calibrate rules of this folder (helpers used by one rule live in its file;
// helpers of several libraries in ../helpers.ts).
import { type VersionPin, type CellContext, type Rule, defineRule } from '../../rule';
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { keywordArgument, isParameterSet, appendArguments } from '../../syntax';

export interface PinnedDefault {
  id: string;
  title: string;
  since: VersionPin;
  until?: string;
  /** package prefix and class/function names */
  module: string;
  callables: readonly string[];
  /** parameter → old default (as Python source); all are pinned together when unset */
  pins: Record<string, string>;
  /** index among positional parameters (when it can be passed positionally) */
  positions?: Record<string, number>;
  /** per-callable old defaults that differ from `pins` */
  overrides?: Record<string, Record<string, string>>;
  /** an explicit value that meant the old default (e.g. cv=None) and is replaced too */
  explicitOld?: Record<string, string>;
  /** skip calls where this returns false (e.g. SVC with kernel='linear': gamma unused) */
  relevant?: (call: Node, parsed: ParsedSource, ctx: CellContext) => boolean;
  /** calls of `callables` that ctx.calls cannot resolve through the imports (a name bound to a shim subclass) */
  moreCalls?: (parsed: ParsedSource, ctx: CellContext) => { node: Node; name: string }[];
  explanation: string;
  flags?: string[];
  /** the old default also does less work: pinned on a timeout too (Rule.reducesWork) */
  reducesWork?: boolean;
}

export function pinDefault(spec: PinnedDefault): Rule {
  return defineRule({
    id: spec.id,
    title: spec.title,
    kind: 'score-calibration',
    library: spec.since.package,
    since: spec.since,
    ...(spec.until ? { until: spec.until } : {}),
    explanation: spec.explanation,
    trigger: { pattern: true },
    needles: spec.callables,
    flags: spec.flags ?? ['defaults-pinned'],
    ...(spec.reducesWork ? { reducesWork: true } : {}),
    apply(parsed, ctx) {
      const edits: SourceEdit[] = [];
      const calls = [
        ...ctx.calls({ module: spec.module, names: spec.callables }),
        ...(spec.moreCalls?.(parsed, ctx) ?? []),
      ];
      for (const { node: call, name } of calls) {
        const callable = name as string;
        if (spec.relevant && !spec.relevant(call, parsed, ctx)) continue;
        const pins = { ...spec.pins, ...(spec.overrides?.[callable] ?? {}) };
        const missing: string[] = [];
        for (const [param, value] of Object.entries(pins)) {
          const explicit = spec.explicitOld?.[param];
          const kwValue = keywordArgument(call, param, parsed)?.childForFieldName('value');
          if (explicit && kwValue && parsed.text(kwValue) === explicit) {
            edits.push(replaceNode(kwValue, value));
            continue;
          }
          if (!isParameterSet(call, param, parsed, spec.positions?.[param])) missing.push(`${param}=${value}`);
        }
        const edit = appendArguments(call, missing, parsed);
        if (edit) edits.push(edit);
      }
      return edits;
    },
  });
}

export const SK_022 = { package: 'scikit-learn', version: '0.22', date: '2019-12-03' };
