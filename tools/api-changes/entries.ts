// A changelog file split into entries (list items and paragraphs) with the release and date they sit under: rst
// (the repositories' and Sphinx's _sources) and Sphinx HTML (matplotlib's API-change pages, Python's What's New).
import { compareVersions } from '../../main/core/fixers/rules/version';
import { cleanName } from './names';

export interface ChangelogFile {
  /** path as in the public repository */
  repoPath: string;
  text: string;
  /** release the file describes (from its name); headings inside may name patch releases */
  version: string;
  /** link to line N of the file */
  link: (line: number) => string;
  /** 'html': Sphinx HTML (no line numbers; link() gets the nearest section id through `anchor`) */
  format: 'rst' | 'html';
  date?: string | null;
}

export interface Entry {
  text: string;
  line: number;
  version: string;
  date: string | null;
  anchor: string | null;
}

/** Named tokens of an entry: rst roles and literals (``x``, :func:`x`), with their role ('' for literals). */
export interface Token {
  name: string;
  role: string;
  index: number;
  end: number;
}

export function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  const re = /(?::(\w+(?::\w+)?):)?`{1,2}([^`]+?)`{1,2}/g;
  for (const m of text.matchAll(re)) {
    const name = cleanName(m[2] as string);
    if (name) tokens.push({ name, role: m[1] ?? '', index: m.index ?? 0, end: (m.index ?? 0) + m[0].length });
  }
  return tokens;
}

const MONTHS: Record<string, string> = {
  january: '01',
  february: '02',
  march: '03',
  april: '04',
  may: '05',
  june: '06',
  july: '07',
  august: '08',
  september: '09',
  october: '10',
  november: '11',
  december: '12',
};

export function parseDate(text: string): string | null {
  const full =
    /\b(January|February|March|April|May|June|July|August|September|October|November|December)\s+(\d{1,2}),?\s+(20\d\d)\b/i.exec(
      text,
    );
  if (full) return `${full[3]}-${MONTHS[(full[1] as string).toLowerCase()]}-${(full[2] as string).padStart(2, '0')}`;
  const month =
    /\b(January|February|March|April|May|June|July|August|September|October|November|December)\s+(20\d\d)\b/i.exec(
      text,
    );
  if (month) return `${month[2]}-${MONTHS[(month[1] as string).toLowerCase()]}`;
  return null;
}

/** Splits an rst changelog into entries: list items and paragraphs, with the version heading they sit under. */
export function rstEntries(file: ChangelogFile): Entry[] {
  const lines = file.text.split('\n');
  const entries: Entry[] = [];
  let version = file.version;
  let date: string | null = file.date ?? null;
  let current: { lines: string[]; line: number } | null = null;
  // heading levels in the order their underline characters first appear (rst's rule), and the level of an open
  // "C API" section: its entries are about C functions and struct members (`PyArray_X`), not Python names
  const levels: string[] = [];
  let cApiLevel: number | null = null;
  const close = (): void => {
    if (current && cApiLevel === null)
      entries.push({
        text: current.lines.join(' ').replace(/\s+/g, ' ').trim(),
        line: current.line,
        version,
        date,
        anchor: null,
      });
    current = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const next = lines[i + 1] ?? '';
    // a heading: text underlined with = - ~ ^ " *
    if (/^([=\-~^"*+#])\1{2,}\s*$/.test(next) && line.trim() && !/^\s/.test(line)) {
      close();
      const char = next.trim()[0] as string;
      if (!levels.includes(char)) levels.push(char);
      const level = levels.indexOf(char);
      if (cApiLevel !== null && level <= cApiLevel) cApiLevel = null;
      if (cApiLevel === null && /\bC[- ]API\b/i.test(line)) cApiLevel = level;
      const v =
        /\b(?:Version|version|v|SciPy|NumPy|pandas|statsmodels|What's new in|Release)\s*v?(\d+\.\d+(?:\.\d+)?)/.exec(
          line,
        ) ?? /^v?(\d+\.\d+(?:\.\d+)?)\b/.exec(line.trim());
      if (
        v &&
        compareVersions(v[1] as string, file.version) >= 0 &&
        (v[1] as string).split('.').slice(0, 2).join('.') === file.version.split('.').slice(0, 2).join('.')
      )
        version = v[1] as string;
      const d = parseDate(line);
      if (d) date = d;
      i++;
      continue;
    }
    const d = /^\*\*([A-Z][a-z]+ (?:\d{1,2}, )?20\d\d)\*\*\s*$/.exec(line.trim());
    if (d) {
      date = parseDate(d[1] as string) ?? date;
      continue;
    }
    if (!line.trim()) {
      close();
      continue;
    }
    if (/^\s*[-*+]\s+\S/.test(line) || /^\s*\d+\.\s+\S/.test(line) || /^\s*\.\.\s/.test(line)) {
      close();
      current = { lines: [line.replace(/^\s*(?:[-*+]|\d+\.)\s+/, '')], line: i + 1 };
      continue;
    }
    if (current) current.lines.push(line.trim());
    else current = { lines: [line.trim()], line: i + 1 };
  }
  close();
  return entries;
}

/** Sphinx HTML → entries: each paragraph and list item as rst-like text (code → ``x``, references → their target). */
export function htmlEntries(file: ChangelogFile): Entry[] {
  const entries: Entry[] = [];
  let anchor: string | null = null;
  let version = file.version;
  const re = /<section id="([^"]+)"|<h[1-6][^>]*>([\s\S]*?)<\/h[1-6]>|<(p|li|dt)\b[^>]*>([\s\S]*?)<\/\3>/g;
  for (const m of file.text.matchAll(re)) {
    if (m[1]) {
      anchor = m[1];
      continue;
    }
    if (m[2] !== undefined) {
      const heading = htmlText(m[2]);
      const v = /(\d+\.\d+(?:\.\d+)?)/.exec(heading);
      if (v && (v[1] as string).startsWith(file.version.split('.').slice(0, 2).join('.'))) version = v[1] as string;
      // a heading is an entry too: matplotlib's "``x`` is deprecated, use ``y``" titles
      entries.push({ text: heading, line: 0, version, date: file.date ?? null, anchor });
      continue;
    }
    const text = htmlText(m[4] as string);
    if (text) entries.push({ text, line: 0, version, date: file.date ?? null, anchor });
  }
  return entries;
}

export function htmlText(html: string): string {
  return html
    .replace(
      /<a [^>]*title="([\w.]+)"[^>]*>\s*<code[^>]*>[\s\S]*?<\/code>\s*<\/a>/g,
      (_m, title: string) => `\`\`${title}\`\``,
    )
    .replace(/<code[^>]*>([\s\S]*?)<\/code>/g, (_m, inner: string) => `\`\`${inner.replace(/<[^>]+>/g, '')}\`\``)
    .replace(/<a class="headerlink"[\s\S]*?<\/a>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
