// Each rule file (catalog/<library>/<what>.ts) opens with a header comment in one fixed shape, the rule's
// documentation for a person reading the code and the source of docs/rules.md (`nbrevive rules --markdown`):
//
//   // <id> — <title>
//   //
//   // Why it broke: <library, version, date: what changed>
//   // Changelog: <url>                      (one line per link)
//   // Example:
//   //     <code before>
//   //   →
//   //     <code after>
//   // Fix safety: <does the result stay the same>
//   // Left alone: <what it refuses to touch>  (optional)
//
// Prose may wrap onto following `// ` lines. This module reads that shape; the rules engine never needs it.
import fs from 'node:fs';
import path from 'node:path';

export interface RuleHeader {
  id: string;
  title: string;
  why: string;
  changelog: string[];
  example: { before: string; after: string };
  safety: string;
  leftAlone: string | null;
}

const KEYS = ['Why it broke', 'Changelog', 'Example', 'Fix safety', 'Left alone'] as const;
type Key = (typeof KEYS)[number];
const KEY_LINE = new RegExp(`^(${KEYS.join('|')}):\\s?(.*)$`);

/** Thrown when a rule file's header is missing or not in the shape above. */
export class RuleHeaderError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem} (rule files open with the header described in main/core/fixers/rules/rule-headers.ts)`);
    this.name = 'RuleHeaderError';
  }
}

/** The header of one rule file's source, or a RuleHeaderError naming what is missing. */
export function parseRuleHeader(source: string, file = 'rule file'): RuleHeader {
  const lines: string[] = [];
  for (const line of source.split('\n')) {
    if (!line.startsWith('//')) break;
    lines.push(line === '//' ? '' : line.replace(/^\/\/ ?/, ''));
  }
  const first = /^([a-z0-9-]+\.[a-z0-9-]+) — (.+)$/.exec(lines[0] ?? '');
  if (!first) throw new RuleHeaderError(file, "the first line is not '// <id> — <title>'");
  const sections = new Map<Key, string[]>();
  let current: Key | null = null;
  for (const line of lines.slice(1)) {
    const key = KEY_LINE.exec(line);
    if (key) {
      current = key[1] as Key;
      const list = sections.get(current) ?? [];
      // every Changelog line is one link; the other keys start their prose
      if (key[2]) list.push(key[2]);
      sections.set(current, list);
      continue;
    }
    if (line === '') {
      if (current !== 'Example') current = null;
      continue;
    }
    if (current) sections.get(current)?.push(line);
  }
  const prose = (key: Key): string => (sections.get(key) ?? []).map((l) => l.trim()).join(' ');
  const example = sections.get('Example') ?? [];
  const arrow = example.findIndex((l) => l.trim() === '→');
  if (arrow < 1 || arrow === example.length - 1) throw new RuleHeaderError(file, "the Example has no 'before → after'");
  const code = (part: string[]): string => part.map((l) => l.replace(/^ {4}/, '')).join('\n');
  const why = prose('Why it broke');
  const safety = prose('Fix safety');
  if (!why) throw new RuleHeaderError(file, "no 'Why it broke:'");
  if (!safety) throw new RuleHeaderError(file, "no 'Fix safety:'");
  return {
    id: first[1] as string,
    title: first[2] as string,
    why,
    changelog: (sections.get('Changelog') ?? []).map((l) => l.trim()).filter((l) => l !== ''),
    example: { before: code(example.slice(0, arrow)), after: code(example.slice(arrow + 1)) },
    safety,
    leftAlone: prose('Left alone') || null,
  };
}

/** The catalog's folder in this checkout (the rule sources; an installed package ships docs/rules.md instead). */
export const CATALOG_DIR = path.join(import.meta.dirname, 'catalog');

/** The headers of the rules with a file of their own (catalog/<library>/<what>.ts), by rule id. */
export function readRuleHeaders(ids: readonly string[], dir: string = CATALOG_DIR): Map<string, RuleHeader> {
  if (!fs.existsSync(dir))
    throw new RuleHeaderError(dir, 'the rule sources are not in this installation; docs/rules.md ships with it');
  const headers = new Map<string, RuleHeader>();
  for (const id of ids) {
    const dot = id.indexOf('.');
    const file = path.join(dir, id.slice(0, dot), `${id.slice(dot + 1)}.ts`);
    if (!fs.existsSync(file)) continue; // the generic API-table rules share catalog/api-table.ts
    const header = parseRuleHeader(fs.readFileSync(file, 'utf8'), path.relative(dir, file));
    if (header.id !== id) throw new RuleHeaderError(file, `the header names ${header.id}, the file holds ${id}`);
    headers.set(id, header);
  }
  return headers;
}
