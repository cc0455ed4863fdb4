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
// Left alone: left alone when the kernel reports an unmapped URL; a URL given to a call that needs a URL
// (requests.get/post/head/request, urlopen, urlretrieve, urllib's Request), directly or through the name it is
// assigned to: the runtime serves mapped URLs to those calls, and a file path would make them fail (requests raises
// MissingSchema, urlopen 'unknown url type').
import type { ResolvedCase } from '../../../../../../shared/models/case';
import path from 'node:path';
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { attributeName, positionalArguments, stringContent, replaceStringContent } from '../../syntax';

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

const URL_FUNCTIONS = new Set(['urlopen', 'urlretrieve', 'Request']);
const REQUESTS_METHODS = new Set(['get', 'post', 'head', 'request', 'put', 'patch', 'delete', 'options']);

/** Whether a call needs its first argument to be a URL: requests.<verb>(...), urlopen(...), urlretrieve(...), Request(...). */
function needsUrl(call: Node, parsed: ParsedSource): boolean {
  const fn = call.childForFieldName('function');
  if (!fn) return false;
  if (fn.type === 'identifier') return URL_FUNCTIONS.has(parsed.text(fn));
  if (fn.type !== 'attribute') return false;
  const name = attributeName(fn, parsed);
  if (URL_FUNCTIONS.has(name)) return true;
  const receiver = fn.childForFieldName('object');
  return REQUESTS_METHODS.has(name) && receiver?.type === 'identifier' && parsed.text(receiver) === 'requests';
}

/** The first arguments of the calls that need a URL, and the names given as such an argument. */
function urlArguments(calls: Node[], parsed: ParsedSource): { nodes: Node[]; names: Set<string> } {
  const nodes: Node[] = [];
  const names = new Set<string>();
  for (const call of calls) {
    if (!needsUrl(call, parsed)) continue;
    const first = positionalArguments(call)[0];
    if (!first) continue;
    nodes.push(first);
    if (first.type === 'identifier') names.add(parsed.text(first));
  }
  return { nodes, names };
}

/** Whether a string is (part of) a URL-only call's argument, or the value assigned to a name given to one. */
function feedsUrlCall(node: Node, args: { nodes: Node[]; names: Set<string> }, parsed: ParsedSource): boolean {
  if (args.nodes.some((a) => a.startIndex <= node.startIndex && node.endIndex <= a.endIndex)) return true;
  const parent = node.parent;
  if (parent?.type !== 'assignment' || parent.childForFieldName('right')?.id !== node.id) return false;
  const left = parent.childForFieldName('left');
  return left?.type === 'identifier' && args.names.has(parsed.text(left));
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
    'The notebook downloads data from a URL, but notebooks run without network ' +
    'access; the case ships a local copy of that file, and the URL is replaced ' +
    'by its path (under ../input, where the runtime provides the data).',
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
    const urlArgs = urlArguments(ctx.nodes('call'), parsed);
    for (const node of ctx.nodes('string')) {
      const content = stringContent(node, parsed);
      const file = content ? byUrl.get(normalizeUrl(content)) : undefined;
      if (!file || feedsUrlCall(node, urlArgs, parsed)) continue;
      const edit = replaceStringContent(node, notebookPathFor(kase, file));
      if (edit) edits.push(edit);
    }
    return edits;
  },
});
