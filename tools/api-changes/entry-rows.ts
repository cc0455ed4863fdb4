// One changelog entry → table rows, read sentence by sentence (the grammar of renames, moves, removals,
// deprecations, parameter changes and default changes; see rowsOfEntry).
import { type Entry, tokensOf } from './entries';
import {
  isCallable,
  isCApiName,
  isPublicName,
  removalVersion,
  type Row,
  sentences,
  shorten,
  withoutReferences,
} from './heuristics';
import { cleanName, type LibrarySpec } from './names';
import { rowsOfSentence } from './sentence-reader';

/**
 * The rows of one changelog entry, read sentence by sentence. A row is made only where the sentence's grammar
 * says so, names being rst roles/literals:
 *   renamed/moved: `A` (has been|is) renamed/moved to `B` · `A` is now (called|available as) `B` ·
 *                  `X` has been moved from :mod:`a` to :mod:`b`
 *   removed:       Removed (the deprecated) `A`, `B` and `C` · `A` (has been|was|is now) removed
 *   deprecated:    `A` is deprecated (in favour of `B` / use `B` instead) · Deprecated `A` — kind 'deprecated':
 *                  the name still works in that release; its replacement fills a later removal's row
 *   parameters:    the `p` parameter/keyword of `f` (any of the above) → signature-changed `f(p)` → `f(q)`
 *   defaults:      default (value) of `p` (in `f`) changed from X to Y
 * A name mentioned in passing (no verb governs it) gives no row; names with a private part give none.
 */
export function rowsOfEntry(spec: LibrarySpec, entry: Entry, link: string): Row[] {
  const text = withoutReferences(entry.text);
  if (!/renam|remov|deprecat|moved|relocat|instead|in favou?r|default|dropped|is now|are now|available as/i.test(text))
    return [];
  const rows: Row[] = [];
  const removedIn = removalVersion(text);
  const note = shorten(text);
  const base = { version: entry.version, date: entry.date, note, link, removedIn };
  const push = (row: Row): void => {
    const names = [row.old, row.new ?? ''].map((n) => n.replace(/\(.*$/, ''));
    const param = /\((\w+)/.exec(row.old)?.[1];
    if (!names.every((n) => !n || isPublicName(n)) || (param && param.startsWith('_'))) return;
    if (isCApiName(names[0] as string)) return;
    if (row.old === row.new) return;
    if (!rows.some((r) => r.kind === row.kind && r.old === row.old && r.new === row.new)) rows.push(row);
  };

  // default changes: "default (value) of P ... changed/will change from X to Y"
  const allTokens = tokensOf(text);
  const def =
    /default(?: value)?(?: of| for)?(?: the)?(?: parameter| argument| keyword)?\s*(``[^`]+``|:\w+:`[^`]+`)?[^.]{0,120}?(?:change[sd]?|will change|is now|now)\b[^.]{0,60}?\bfrom\s+(``[^`]+``|`[^`]+`|\S+)\s+to\s+(``[^`]+``|`[^`]+`|[^\s,.;]+)/i.exec(
      text,
    );
  if (def) {
    const param = def[1]
      ? cleanName(def[1].replace(/^:\w+:/, '').replace(/`/g, ''))
      : (allTokens.find((t) => !isCallable(t) && t.index < (def.index ?? 0) + def[0].length)?.name ?? null);
    const fn = allTokens.find((t) => isCallable(t) && t.name !== param);
    const q = fn ? spec.qualify(fn.name) : null;
    const from = (def[2] as string).replace(/`/g, '');
    const to = (def[3] as string).replace(/`/g, '');
    if (param && q)
      push({ ...base, kind: 'default-changed', old: `${q}(${param}=${from})`, new: `${q}(${param}=${to})` });
  }

  for (const sentence of sentences(text)) rowsOfSentence(spec, sentence.text, base, push);
  return rows;
}
