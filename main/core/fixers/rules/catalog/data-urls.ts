// Data a notebook downloads from a URL: runs have no network, and the case maps each URL to a local copy
// (case.data.urls). The runtime serves those URLs inside the kernel (resources/python/nbrevive_urls.py), so a
// mapped URL no longer fails and this rule stays for what the kernel cannot serve; it stays away when the kernel
// names an unmapped URL as the failure, since rewriting the mapped literals would not help and would break calls
// that need a URL (urlopen, urlretrieve, requests.get). The URL string becomes the copy's path (../input/…).
import path from 'node:path';
import type { ResolvedCase } from '../../../../../shared/models/case';
import { defineRule, type Rule } from '../rule';
import { replaceStringContent, stringContent } from '../syntax';
import type { SourceEdit } from '../source-edit';

/** The path a notebook should use for a case file: ../input/<rel> when in the data folder, the mapped working-dir path, or the absolute path. */
export function notebookPathFor(kase: ResolvedCase, absolute: string): string {
  if (kase.dataDir) {
    const relative = path.relative(kase.dataDir, absolute);
    if (!relative.startsWith('..') && !path.isAbsolute(relative))
      return `../input/${relative.split(path.sep).join('/')}`;
  }
  for (const [wanted, file] of Object.entries(kase.files))
    if (path.resolve(file) === path.resolve(absolute)) return wanted;
  return absolute;
}

function normalizeUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

const localCopies = defineRule({
  id: 'data.url-to-local-copy',
  title: 'Data URL → the local copy the case provides',
  kind: 'error-repair',
  library: 'Python',
  since: { package: 'python', version: '0.0' },
  explanation:
    'The notebook downloads data from a URL, but notebooks run without network access; the case ships a local copy of that file, and the URL is replaced by its path (under ../input, where the runtime provides the data).',
  trigger: {
    errors: [
      { ename: 'URLError', evalue: /./ },
      { ename: 'HTTPError', evalue: /./ },
      { ename: 'ConnectionError', evalue: /./ },
      { ename: 'gaierror', evalue: /./ },
      {
        ename: 'OSError',
        evalue: /Name or service not known|Temporary failure in name resolution|Network is unreachable/,
      },
    ],
    pattern: true,
  },
  needles: ['http', 'ftp'],
  apply(parsed, ctx) {
    const urls = ctx.case?.urls ?? {};
    const kase = ctx.case;
    if (!kase || Object.keys(urls).length === 0) return [];
    if (ctx.errors.some((e) => /^(<urlopen error )?nbrevive: /.test(e.evalue))) return [];
    const byUrl = new Map(Object.entries(urls).map(([url, file]) => [normalizeUrl(url), file]));
    const edits: SourceEdit[] = [];
    for (const node of parsed.nodes('string')) {
      if (!ctx.inScope(node)) continue;
      const content = stringContent(node, parsed);
      const file = content ? byUrl.get(normalizeUrl(content)) : undefined;
      if (!file) continue;
      const edit = replaceStringContent(node, notebookPathFor(kase, file));
      if (edit) edits.push(edit);
    }
    return edits;
  },
});

export const DATA_URL_RULES: Rule[] = [localCopies];
