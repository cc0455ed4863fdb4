// python2.stdlib-modules — Python 2 standard-library modules → their Python 3 names
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     import cPickle
//     from StringIO import StringIO
//     from itertools import izip, chain
//   →
//     import pickle as cPickle
//     from io import StringIO
//     from builtins import zip as izip
//     from itertools import chain
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { missingNameTriggers } from '../helpers';
import { type ModuleMove, moveNeedles, moduleMoveEdits } from '../module-moves';
import { defineRule } from '../../rule';
import { replaceNode } from '../../source-edit';
import { PY3 } from './_shared';

const STDLIB_MOVES: ModuleMove[] = [
  { from: 'cPickle', to: 'pickle' },
  { from: 'cStringIO', to: 'io' },
  { from: 'StringIO', to: 'io' },
  { from: 'Queue', to: 'queue' },
  { from: 'ConfigParser', to: 'configparser' },
  { from: 'HTMLParser', to: 'html.parser' },
  { from: 'urlparse', to: 'urllib.parse' },
  { from: 'httplib', to: 'http.client' },
  { from: 'cookielib', to: 'http.cookiejar' },
  { from: 'Tkinter', to: 'tkinter' },
  { from: '__builtin__', to: 'builtins' },
  { from: 'robotparser', to: 'urllib.robotparser' },
  { from: 'htmlentitydefs', to: 'html.entities' },
  { from: 'SocketServer', to: 'socketserver' },
  { from: 'BaseHTTPServer', to: 'http.server' },
  { from: 'SimpleHTTPServer', to: 'http.server' },
  { from: 'xmlrpclib', to: 'xmlrpc.client' },
  { from: 'copy_reg', to: 'copyreg' },
  { from: 'Cookie', to: 'http.cookies' },
  { from: 'tkMessageBox', to: 'tkinter.messagebox' },
  { from: 'anydbm', to: 'dbm' },
  {
    from: 'urllib2',
    to: 'urllib.request',
    names: { HTTPError: { module: 'urllib.error' }, URLError: { module: 'urllib.error' } },
  },
  {
    from: 'urllib',
    names: {
      urlopen: { module: 'urllib.request' },
      urlretrieve: { module: 'urllib.request' },
      urlencode: { module: 'urllib.parse' },
      quote: { module: 'urllib.parse' },
      quote_plus: { module: 'urllib.parse' },
      unquote: { module: 'urllib.parse' },
      unquote_plus: { module: 'urllib.parse' },
      splitquery: { module: 'urllib.parse' },
      pathname2url: { module: 'urllib.request' },
      url2pathname: { module: 'urllib.request' },
      urlcleanup: { module: 'urllib.request' },
      getproxies: { module: 'urllib.request' },
      ContentTooShortError: { module: 'urllib.error' },
    },
  },
  {
    from: 'itertools',
    names: {
      izip: { module: 'builtins', name: 'zip' },
      imap: { module: 'builtins', name: 'map' },
      ifilter: { module: 'builtins', name: 'filter' },
      izip_longest: { name: 'zip_longest' },
      ifilterfalse: { name: 'filterfalse' },
    },
  },
];

const PY2_URLLIB_FUNCTIONS =
  'urlopen|urlretrieve|urlencode|quote|quote_plus|unquote|unquote_plus|splitquery|pathname2url|url2pathname|urlcleanup|getproxies|ContentTooShortError';

const PY2_URLLIB_USE = new RegExp(`\\burllib\\.(${PY2_URLLIB_FUNCTIONS})\\b`);

export const stdlibModules = defineRule({
  id: 'python2.stdlib-modules',
  title: 'Python 2 standard-library modules → their Python 3 names',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    'Python 3 renamed these modules (cPickle → pickle, StringIO/cStringIO → io, Queue → queue, ' +
    'ConfigParser → configparser, urlparse → urllib.parse, urllib2 → urllib.request, ' +
    'urllib.urlopen/urlencode/quote → urllib.request/urllib.parse, …) and itertools.izip/imap/ifilter ' +
    'became the builtins zip/map/filter. Imports are rewritten so the names the notebook uses stay bound.',
  trigger: {
    errors: [
      {
        ename: 'ModuleNotFoundError',
        evalue: new RegExp(
          `No module named '(${STDLIB_MOVES.filter((m) => m.to)
            .map((m) => m.from)
            .join('|')})'`,
        ),
      },
      ...missingNameTriggers('urllib', `(${PY2_URLLIB_FUNCTIONS})`),
      { ename: 'ImportError', evalue: /cannot import name '(izip|imap|ifilter|izip_longest|ifilterfalse)'/ },
    ],
    pattern: true,
  },
  needles: [...moveNeedles(STDLIB_MOVES), 'import urllib'],
  apply(parsed, ctx) {
    const edits = STDLIB_MOVES.flatMap((move) => moduleMoveEdits(parsed, ctx, move));
    // `import urllib` does not load the urllib.request/urllib.parse submodules the moved functions live in
    const usesPy2Urllib = ctx.notebook.codeCells.some((i) => PY2_URLLIB_USE.test(ctx.notebook.source(i)));
    if (usesPy2Urllib) {
      for (const statement of ctx.nodes('import_statement')) {
        const items = statement.childrenForFieldName('name');
        const only = items[0];
        if (items.length === 1 && only?.type === 'dotted_name' && parsed.text(only) === 'urllib')
          edits.push(replaceNode(only, 'urllib.request, urllib.parse'));
      }
    }
    return edits;
  },
});
