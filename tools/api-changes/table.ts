// The table's last steps: a removal takes the replacement its deprecation named, one row per (kind, old, new), and
// one resources/api-changes/<library>.json per library.
import fs from 'node:fs';
import path from 'node:path';
import {
  API_LIBRARIES,
  type ApiChange,
  type ApiChangeFile,
  type ApiLibrary,
} from '../../main/core/fixers/api-changes/types';
import { compareVersions } from '../../main/core/fixers/rules/version';
import { kindOf, shorten } from './heuristics';

/**
 * A removal whose own line names no replacement takes the one its deprecation named (the changelog's deprecation
 * entry, or the deprecation message mined from the library's source), when those agree on exactly one.
 */
export function fillReplacements(rows: ApiChange[]): void {
  const named = new Map<string, ApiChange[]>();
  for (const row of rows) {
    if (row.new === null || row.kind === 'signature-changed' || row.kind === 'default-changed') continue;
    const list = named.get(`${row.library}\u0000${row.old}`) ?? [];
    list.push(row);
    named.set(`${row.library}\u0000${row.old}`, list);
  }
  for (const row of rows) {
    if (row.kind !== 'removed' || row.new !== null) continue;
    const candidates = named.get(`${row.library}\u0000${row.old}`) ?? [];
    const targets = [...new Set(candidates.map((c) => c.new))];
    if (targets.length !== 1) continue;
    const source = candidates.find((c) => c.pure) ?? (candidates[0] as ApiChange);
    row.new = targets[0] as string;
    row.kind = kindOf(row.old, row.new);
    // one replacement named everywhere, and one source proves it the same object (a rename, or the release's
    // code making the old name warn and call the new one): the removal is a rename
    row.pure = candidates.some((c) => c.pure === true);
    row.note = shorten(`${row.note} [replacement from its deprecation: ${source.link}]`);
  }
}

/** One row per (kind, old, new): the changelog's wins over a mined message, the earliest release over later ones. */
function dedupe(rows: ApiChange[]): ApiChange[] {
  const best = new Map<string, ApiChange>();
  for (const row of rows) {
    if (row.old === row.new) continue;
    const key = `${row.kind}\u0000${row.old}\u0000${row.new ?? ''}`;
    const seen = best.get(key);
    // numpy 2's AttributeError text (mined from _expired_attrs_2_0.py) is what the runtime says: it beats the guide
    const runtimeMessage = (r: ApiChange): boolean =>
      r.origin === 'source' && r.note.startsWith('AttributeError message: ');
    if (seen && runtimeMessage(seen) && !runtimeMessage(row)) continue;
    if (
      !seen ||
      runtimeMessage(row) ||
      (seen.origin === 'source' && row.origin === 'changelog') ||
      (seen.origin === row.origin && compareVersions(row.version, seen.version) < 0)
    )
      best.set(key, row);
  }
  // one name, one removal: a "removed" row without a replacement is dropped where another row of the same name
  // names one (the numpy 2 guide's table and the runtime's message describe the same removal)
  const replaced = new Set(
    [...best.values()].filter((r) => (r.kind === 'renamed' || r.kind === 'moved') && r.new).map((r) => r.old),
  );
  return [...best.values()]
    .filter((r) => !(r.kind === 'removed' && r.new === null && replaced.has(r.old)))
    .sort((a, b) => compareVersions(a.version, b.version) || a.old.localeCompare(b.old));
}

/** Writes one <library>.json per library that has a source (the others' tables are left as they are). */
export function writeTables(
  byLibrary: ReadonlyMap<ApiLibrary, { rows: ApiChange[]; sources: string[] }>,
  out: string,
): void {
  fs.mkdirSync(out, { recursive: true });
  for (const library of API_LIBRARIES) {
    const b = byLibrary.get(library);
    if (!b) {
      console.warn(`[extract] ${library}: no source found (give --mirror or --docs); its table is left as it is`);
      continue;
    }
    const rows = dedupe(b.rows);
    const file: ApiChangeFile = { library, sources: b.sources, generatedBy: 'tools/extract-api-changes.ts', rows };
    fs.writeFileSync(
      path.join(out, `${library}.json`),
      `${JSON.stringify(file, null, 0).replace(/\},\{"library"/g, '},\n{"library"')}\n`,
    );
    const kinds = new Map<string, number>();
    for (const row of rows) kinds.set(row.kind, (kinds.get(row.kind) ?? 0) + 1);
    console.log(`[extract] ${library}: ${rows.length} rows (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')})`);
  }
}
