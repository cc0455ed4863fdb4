// Python's own removals (3.12–3.14) from the HTML "What's New" pages of Debian's python3.x-doc package.
import fs from 'node:fs';
import path from 'node:path';
import type { ApiChange } from '../../main/core/fixers/api-changes/types';
import { htmlText } from './entries';
import { shorten } from './heuristics';

const PYTHON_RELEASES: Record<string, string> = { '3.12': '2023-10-02', '3.13': '2024-10-07', '3.14': '2025-10-07' };

/**
 * Python's removed modules (3.12–3.14) from the "What's New" pages: the "Removed" sections name each module
 * (``:mod:`asyncore```) and, where one exists, its replacement ("use :mod:`asyncio` instead").
 */
export function pythonRows(docs: string): { rows: ApiChange[]; source: string } | null {
  const name = fs.existsSync(docs) ? fs.readdirSync(docs).find((p) => /^python3\.\d+-doc/.test(p)) : undefined;
  if (!name) return null;
  const dir = fs.readdirSync(path.join(docs, name, 'usr/share/doc')).find((d) => /^python3\.\d+$/.test(d));
  if (!dir) return null;
  const rows: ApiChange[] = [];
  for (const [version, date] of Object.entries(PYTHON_RELEASES)) {
    const file = path.join(docs, name, 'usr/share/doc', dir, 'html/whatsnew', `${version}.html`);
    if (!fs.existsSync(file)) continue;
    const html = fs.readFileSync(file, 'utf8');
    const seen = new Set<string>();
    // the chunks between section starts; an h2 "Removed …" (not C API) opens the part that lists removals
    let inRemoved = false;
    const push = (mod: { old: string; new: string | null }, text: string, anchor: string): void => {
      if (seen.has(mod.old)) return;
      seen.add(mod.old);
      rows.push({
        library: 'python',
        version,
        date,
        kind: mod.new ? 'moved' : 'removed',
        old: mod.old,
        new: mod.new,
        note: shorten(text),
        link: `https://docs.python.org/${version}/whatsnew/${version}.html#${anchor}`,
        removedIn: version,
        origin: 'changelog',
      });
    };
    for (const chunk of html.split('<section id="').slice(1)) {
      const anchor = chunk.slice(0, chunk.indexOf('"'));
      const h2 = /<h2>([\s\S]*?)<\/h2>/.exec(chunk);
      if (h2) inRemoved = /Remov/i.test(htmlText(h2[1] as string)) && !/C API/i.test(htmlText(h2[1] as string));
      if (/pep-?594|dead-batteries/.test(anchor)) {
        // "All of the following modules … are now removed:" then one list item per module
        for (const m of chunk.matchAll(
          /<li><p><code class="xref py py-mod[^"]*"><span class="pre">([\w.]+)<\/span><\/code>(?:\s*and\s*<code class="xref py py-mod[^"]*"><span class="pre">([\w.]+)<\/span><\/code>)?/g,
        )) {
          for (const mod of [m[1], m[2]]) if (mod) push({ old: mod, new: null }, `PEP 594: ${mod} removed`, anchor);
        }
        continue;
      }
      if (!inRemoved && !/^remov/.test(anchor)) continue;
      for (const p of chunk.matchAll(/<(p|li)\b[^>]*>([\s\S]*?)<\/\1>/g)) {
        const text = htmlText(p[2] as string);
        if (!/\bremov/i.test(text)) continue;
        for (const mod of modulesRemoved(text, anchor)) push(mod, text, anchor);
      }
    }
  }
  return { rows, source: `Debian ${name} (Doc/whatsnew 3.12–3.14 as HTML)` };
}

/** Modules a "What's New" paragraph says were removed, and a single replacement module where it gives one. */
function modulesRemoved(text: string, anchor: string): { old: string; new: string | null }[] {
  const result: { old: string; new: string | null }[] = [];
  const removedModule =
    /(?:Remove|Removed|removed)\s+(?:the\s+)?(?:deprecated\s+)?``([a-z_][\w.]*)``\s+(?:module|package)|``([a-z_][\w.]*)``\s+(?:module|package)?\s*(?:has been|have been|was|were|is)\s+removed|(?:modules?|packages?)\s+(?:have been |has been |were |was )?removed[^.]*?:\s*((?:``[\w.]+``[,\s]*(?:and\s*)?)+)/g;
  for (const m of text.matchAll(removedModule)) {
    const names =
      (m[1] ?? m[2])
        ? [(m[1] ?? m[2]) as string]
        : [...(m[3] as string).matchAll(/``([\w.]+)``/g)].map((x) => x[1] as string);
    const after = text.slice((m.index ?? 0) + m[0].length);
    const use =
      /(?:[Uu]se|replacement is|in favou?r of|[Ss]ee)\s+(?:the\s+)?``([a-z_][\w.]*)``(?:\s+module)?\s+(?:instead|module)?/.exec(
        after.slice(0, 200),
      );
    for (const name of names) {
      if (!/^[a-z_][\w.]*$/.test(name) || result.some((r) => r.old === name)) continue;
      result.push({ old: name, new: names.length === 1 && use && use[1] !== name ? (use[1] as string) : null });
    }
  }
  // the PEP 594 list: "the following modules ... removed: aifc, audioop …" as a bullet list under the section
  if (result.length === 0 && /pep-594|dead-batteries/.test(anchor)) {
    const m = /^``([a-z_]\w*)``\s*:/.exec(text) ?? /^``([a-z_]\w*)``$/.exec(text);
    if (m) result.push({ old: m[1] as string, new: null });
  }
  return result;
}
