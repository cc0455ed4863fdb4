// data.url-to-local-copy — Data URL → the local copy the case provides
//
// Why it broke: Python 0.0: from this release on the old code fails or computes something else (the explanation below
// cites the release notes).
// Example:
//     url = 'https://example.org/data/bikeshare.csv'
//     bikes = pd.read_csv(url, index_col='datetime')
//     x = pd.read_csv("http://example.org/extra.csv")
//   →
//     url = '../input/bikeshare.csv'
//     bikes = pd.read_csv(url, index_col='datetime')
//     x = pd.read_csv("data/extra.csv")
// Fix safety: Same result, when the local copy is the file the URL served (the case maps each URL to its copy).
// Left alone: left alone when the kernel reports an unmapped URL.
import type { ResolvedCase } from '../../../../../../shared/models/case';
import path from 'node:path';
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { stringContent, replaceStringContent } from '../../syntax';

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

export const urlToLocalCopy = defineRule({
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
    for (const node of ctx.nodes('string')) {
      const content = stringContent(node, parsed);
      const file = content ? byUrl.get(normalizeUrl(content)) : undefined;
      if (!file) continue;
      const edit = replaceStringContent(node, notebookPathFor(kase, file));
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
