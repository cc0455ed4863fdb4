// Regenerates resources/api-changes/<library>.json: every removed, renamed, moved, signature-changed and
// default-changed entry of the libraries' changelogs (2015 to today), plus the deprecation messages the
// libraries raised before a removal (they name the replacement), read from their own source.
//
// usage: npx tsx tools/extract-api-changes.ts [--mirror DIR]... [--docs DIR] [--site-packages DIR]... [--out DIR]
//   --mirror DIR         a git directory of a library's repository (`fetch` puts them under /work/.mirror/owner+name/repo;
//                        default: every known one found there). Read with `git show REF:path`, never checked out.
//   --docs DIR           a folder with Debian's extracted doc packages (python-sklearn-doc, python-pandas-doc,
//                        python-matplotlib-doc, python3.14-doc): the changelogs of repositories too large to mirror
//                        (default: the docs/ folder tools/api-change-sources.sh fills, when present)
//   --site-packages DIR  libraries whose deprecation decorators and warnings are mined, one release each (default:
//                        bullseye's from tools/api-change-sources.sh, the system's dist-packages (bookworm) and
//                        today's stack's, when present)
//   --out DIR            default resources/api-changes
//   --today PYTHON       today's stack's interpreter (default /var/cache/nbrevive/python3-today, tools/today-stack.sh):
//                        a deprecated name that no longer resolves there is recorded as removed, a removed or
//                        renamed one that still does as deprecated; --no-today skips it
//   --no-tags            skip mining numpy's and scipy's mirrors at their release tags (every second minor release,
//                        unpacked with git archive under the system's temporary folder)
//   --era PYTHON         an older interpreter with both names of many renames (default /usr/bin/python3, Debian
//                        bookworm's 2023 stack): `old is new` there proves an alias (pure); --no-era skips it
//
// The extraction is heuristic and honest: a row whose replacement is not one clear name gets new=null.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  API_LIBRARIES,
  type ApiChange,
  type ApiChangeFile,
  type ApiChangeKind,
  type ApiLibrary,
} from '../main/core/fixers/api-changes/types';
import { compareVersions } from '../main/core/fixers/rules/version';

interface ChangelogFile {
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

interface LibrarySpec {
  library: ApiLibrary;
  minVersion: string;
  /** qualifies a name as the changelog writes it (`ensemble.X`, `np.x`, `DataFrame.ix`) */
  qualify(name: string): string | null;
}

const ROOT = path.resolve(import.meta.dirname, '..');
const MIRRORS = '/work/.mirror';
/** today's stack's interpreter (tools/today-stack.sh): deprecated names are probed there */
const TODAY_PYTHON = '/var/cache/nbrevive/python3-today';
/** what tools/api-change-sources.sh fetches: Debian's doc packages (docs/) and bullseye's libraries (bullseye/) */
const SOURCES = path.join(process.env.NBREVIVE_CACHE_DIR ?? '/var/cache/nbrevive', 'api-sources');
/** an older stack that still has both names of many renames (Debian bookworm's): aliases are proven there */
const ERA_PYTHON = '/usr/bin/python3';

// ---------------------------------------------------------------------------------------------- arguments
function parseArgs(argv: string[]): {
  mirrors: string[];
  docs: string | null;
  sitePackages: string[];
  out: string;
  today: string | null;
  era: string | null;
  tags: boolean;
} {
  const mirrors: string[] = [];
  const sitePackages: string[] = [];
  let docs: string | null = null;
  let today: string | null = TODAY_PYTHON;
  let era: string | null = ERA_PYTHON;
  let tags = true;
  let out = path.join(ROOT, 'resources', 'api-changes');
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const value = (): string => {
      const v = argv[++i];
      if (!v) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--mirror') mirrors.push(value());
    else if (arg === '--docs') docs = value();
    else if (arg === '--site-packages') sitePackages.push(value());
    else if (arg === '--out') out = value();
    else if (arg === '--today') today = value();
    else if (arg === '--no-today') today = null;
    else if (arg === '--era') era = value();
    else if (arg === '--no-era') era = null;
    else if (arg === '--no-tags') tags = false;
    else if (arg === '--help') {
      console.log(
        "usage: npx tsx tools/extract-api-changes.ts [--mirror GITDIR]... [--docs DIR] [--site-packages DIR]... [--out DIR] [--today PYTHON | --no-today] [--era PYTHON | --no-era]\n(tools/api-change-sources.sh fetches the doc packages and bullseye's libraries it reads by default)",
      );
      process.exit(0);
    } else throw new Error(`unknown argument ${arg}`);
  }
  if (mirrors.length === 0 && fs.existsSync(MIRRORS)) {
    for (const entry of fs.readdirSync(MIRRORS)) {
      const dir = path.join(MIRRORS, entry, 'repo');
      if (fs.existsSync(path.join(dir, 'HEAD'))) mirrors.push(dir);
    }
  }
  if (docs === null && fs.existsSync(path.join(SOURCES, 'docs'))) docs = path.join(SOURCES, 'docs');
  if (sitePackages.length === 0) {
    for (const dir of [
      path.join(SOURCES, 'bullseye/usr/lib/python3/dist-packages'),
      '/usr/lib/python3/dist-packages',
      '/var/cache/nbrevive/today-root/usr/lib/python3/dist-packages',
    ])
      if (fs.existsSync(dir)) sitePackages.push(dir);
  }
  return { mirrors, docs, sitePackages, out, today, era, tags };
}

// ---------------------------------------------------------------------------------------------- git
function git(gitDir: string, ...args: string[]): string {
  return execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

function remoteOf(gitDir: string): string | null {
  // the mirror folder is named owner+name
  const base = path.basename(path.dirname(gitDir));
  return base.includes('+') ? base.replace('+', '/') : null;
}

function gitFiles(gitDir: string, ref: string, dir: string, pattern: RegExp): string[] {
  return git(gitDir, 'ls-tree', '-r', '--name-only', ref, dir)
    .split('\n')
    .filter((p) => pattern.test(p));
}

// ---------------------------------------------------------------------------------------------- names
const SKLEARN_MODULES = new Set(
  'base calibration cluster compose covariance cross_decomposition cross_validation datasets decomposition discriminant_analysis dummy ensemble exceptions experimental externals feature_extraction feature_selection gaussian_process grid_search impute inspection isotonic kernel_approximation kernel_ridge learning_curve linear_model lda manifold metrics mixture model_selection multiclass multioutput naive_bayes neighbors neural_network pipeline preprocessing qda random_projection semi_supervised svm tree utils frozen'.split(
    ' ',
  ),
);

/**
 * qualify() of a library imported as `module`: its full names as they are, a name through an alias (`pd.x`) under
 * the module the alias stands for, a name of an `others` module null, and any other name under `module` where
 * `bare` takes it (null where not).
 */
function qualifier(
  module: string,
  aliases: Record<string, string>,
  others: RegExp | null,
  bare: (name: string) => boolean = () => true,
): (name: string) => string | null {
  return (name) => {
    if (name.startsWith(`${module}.`)) return name;
    for (const [alias, target] of Object.entries(aliases)) {
      if (name.startsWith(`${alias}.`)) return `${target}.${name.slice(alias.length + 1)}`;
    }
    if (others?.test(name)) return null;
    return bare(name) ? `${module}.${name}` : null;
  };
}

const SCIPY_SUBPACKAGES =
  /^(misc|stats|special|linalg|signal|sparse|optimize|interpolate|integrate|ndimage|spatial|io|fft|fftpack|cluster|odr|constants)\./;

const DOTTED_NAME = /^[a-z_][\w.]*$/i;
const MATPLOTLIB_MODULES =
  /^(pyplot|cbook|mlab|cm|colors|axes|figure|pylab|ticker|dates|patches|lines|text|rcsetup|backends|style|animation|collections|contour|image|legend|path|transforms|widgets|artist|font_manager|colorbar|gridspec|scale|spines|testing|tight_layout|type1font|afm|docstring|projections|quiver|sankey|table|markers|offsetbox|bezier|textpath|backend_bases|units)\b/;
const matplotlibName = qualifier('matplotlib', { plt: 'matplotlib.pyplot', mpl: 'matplotlib' }, null, (name) =>
  MATPLOTLIB_MODULES.test(name),
);

export const SPECS: Record<ApiLibrary, LibrarySpec> = {
  'scikit-learn': {
    library: 'scikit-learn',
    minVersion: '0.17',
    qualify: qualifier('sklearn', {}, null, (name) => SKLEARN_MODULES.has(name.split('.')[0] as string)),
  },
  pandas: {
    library: 'pandas',
    minVersion: '0.19',
    qualify: qualifier('pandas', { pd: 'pandas' }, /^(np|numpy|scipy|matplotlib|plt)\./),
  },
  numpy: {
    library: 'numpy',
    minVersion: '1.10',
    qualify: qualifier('numpy', { np: 'numpy' }, /^(scipy|pandas|math|ctypes|pickle|builtins)\./, (name) =>
      DOTTED_NAME.test(name),
    ),
  },
  scipy: {
    library: 'scipy',
    minVersion: '0.19',
    qualify: qualifier('scipy', {}, null, (name) => SCIPY_SUBPACKAGES.test(name)),
  },
  matplotlib: {
    library: 'matplotlib',
    minVersion: '2.0',
    qualify: (name) => (name.startsWith('mpl_toolkits.') ? name : matplotlibName(name)),
  },
  seaborn: {
    library: 'seaborn',
    minVersion: '0.8',
    qualify: qualifier('seaborn', { sns: 'seaborn' }, /^(np|pd|plt|matplotlib|pandas|numpy|scipy)\./),
  },
  statsmodels: {
    library: 'statsmodels',
    minVersion: '0.8',
    qualify: qualifier('statsmodels', { sm: 'statsmodels.api', smf: 'statsmodels.formula.api' }, null, () => false),
  },
  python: { library: 'python', minVersion: '3.12', qualify: (name) => name },
};

/** A name as an rst role or literal spells it: `~sklearn.x`, `!y`, `label <target>`, `x()`. */
function cleanName(raw: string): string | null {
  let name = raw.trim();
  const target = /<([^>]+)>$/.exec(name);
  if (target) name = target[1] as string;
  name = name
    .replace(/^[~!.]+/, '')
    .replace(/\(\)$/, '')
    .replace(/\(\s*\)$/, '');
  if (!/^[A-Za-z_][\w]*(\.[A-Za-z_]\w*)*$/.test(name)) return null;
  return name;
}

// ---------------------------------------------------------------------------------------------- entries
interface Entry {
  text: string;
  line: number;
  version: string;
  date: string | null;
  anchor: string | null;
}

/** Named tokens of an entry: rst roles and literals (``x``, :func:`x`), with their role ('' for literals). */
interface Token {
  name: string;
  role: string;
  index: number;
  end: number;
}

function tokensOf(text: string): Token[] {
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

function parseDate(text: string): string | null {
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
function rstEntries(file: ChangelogFile): Entry[] {
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
function htmlEntries(file: ChangelogFile): Entry[] {
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

function htmlText(html: string): string {
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

// ---------------------------------------------------------------------------------------------- heuristics
const PARAM_WORDS = /\b(parameter|parameters|argument|arguments|keyword|keywords|kwarg|kwargs|param|option)\b/i;

function shorten(text: string): string {
  const clean = text
    .replace(/:(?:issue|pr|user|gh|ghpull|ghissue):`[^`]*`/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.length > 300 ? `${clean.slice(0, 297)}...` : clean;
}

/**
 * An entry without its issue and pull-request references ("(:issue:`10711`)", "(`gh-14036 <…>`__)", "(GH1234)").
 * They stand between a name and what follows it: "removed in favor of ``B`` (:issue:`1`)" reads as "``B`` (…)",
 * which the replacement check takes for "``B`` (or …)" and drops.
 */
export function withoutReferences(text: string): string {
  return text
    .replace(
      /\s*\((?:\s*,?\s*(?::(?:issue|pr|user|gh|ghpull|ghissue):`[^`]*`|`(?:gh|GH)-?\d+ <[^>]*>`_{1,2}|GH\s?#?\d+|#\d+))+\s*\)/g,
      '',
    )
    .replace(/\s+/g, ' ')
    .trim();
}

function removalVersion(text: string): string | null {
  const m =
    /(?:will be |to be |is |are )?removed (?:in|from) (?:version |v|scikit-learn |pandas |NumPy |numpy |matplotlib |SciPy |scipy |seaborn |statsmodels )?(\d+\.\d+(?:\.\d+)?)/i.exec(
      text,
    );
  return m ? (m[1] as string) : null;
}

function kindOf(oldName: string, newName: string | null): ApiChangeKind {
  if (!newName) return 'removed';
  const oldModule = oldName.slice(0, oldName.lastIndexOf('.'));
  const newModule = newName.slice(0, newName.lastIndexOf('.'));
  if (oldModule === newModule) return 'renamed';
  return 'moved';
}

/** Is the token a function/class/method the entry talks about (for parameter and default entries)? */
function isCallable(token: Token): boolean {
  return /^(py:)?(func|class|meth|obj|attr)$/.test(token.role) || /^[A-Za-z_][\w.]*\.[A-Za-z_]\w*$/.test(token.name);
}

/** Roles that name an API object (not a parameter, value or reference). */
const NAME_ROLES = /^(py:)?(func|class|meth|mod|attr|obj|data|exc|const|property)$/;
/** Words that may stand between a verb and the names it governs ("Removed the deprecated functions ``a`` and ``b``"). */
const FILLER =
  /^(?:\s|,|:|\band\b|\bor\b|\bthe\b|\ba\b|\ban\b|\bdeprecated\b|\bpreviously\b|\bpublic\b|\btop-level\b|\bunused\b|\bobsolete\b|\blegacy\b|\bold\b|\ball\b|\bnow\b|\bfunctions?\b|\bmethods?\b|\bclass(?:es)?\b|\bmodules?\b|\bsubmodules?\b|\bsubpackages?\b|\bpackages?\b|\battributes?\b|\bpropert(?:y|ies)\b|\baliases?\b|\bconstants?\b|\bobjects?\b|\bkeywords?\b|\bparameters?\b|\barguments?\b|\bkwargs?\b|\boptions?\b|\bfunctionality\b)*$/i;
const SEPARATOR =
  /^\s*(?:,|,?\s*and|,?\s*or|,?\s*as well as)\s*(?:the\s+)?(?:(?:function|method|class|attribute|module|parameter|keyword|argument)s?\s+)?$/i;
const ATTRIBUTE_WORDS = /\b(attribute|attributes|property|properties)\b/i;
/** The verbs of a rename or move, as the changelogs spell them (the name after the verb is the replacement). */
const RENAME_VERB =
  /\b(?:(?:has|have|had)\s+)?(?:(?:been|was|were|is|are|be)\s+)?(?:now\s+)?(?:renamed|moved|relocated)\s+(?:to|into|as|in)\s+(?:the\s+)?(?:new\s+)?(?:public\s+)?(?:(?:module|submodule|function|class|method|attribute|property|parameter|keyword|argument)s?\s+)?(?=``|:[\w:]+:`|`)|\b(?:is|are)\s+now\s+(?:called|named|available\s+(?:as|in|under)|located\s+in|exposed\s+as|in)\s+(?:the\s+)?(?:module\s+)?(?=``|:[\w:]+:`|`)/gi;
/** "use B instead", "in favour of B", "replaced by B", "still available as B" (the name after it is the replacement). */
const REPLACEMENT =
  /\b(?:in\s+favou?r\s+of|[Uu]se|replaced\s+(?:by|with)|superseded\s+by|[Pp]lease\s+use|still\s+available\s+(?:as|under|in)|available\s+under)\s+(?:the\s+)?(?:new\s+)?(?:top[- ]level\s+)?(?:(?:function|class|method|module|attribute|property|parameter|keyword|argument)s?\s+)?(?=``|:[\w:]+:`|`)/g;

/** A name the table may carry: no private part (`_x`, `pandas._libs`), dunder methods aside. */
export function isPublicName(qualified: string): boolean {
  return qualified.split('.').every((part) => !part.startsWith('_') || /^__\w+__$/.test(part));
}

/**
 * A C-API name or a word that is no Python attribute, which a release note mentions outside a "C API" heading:
 * `PyArray_CastTo`, `NPY_REFCOUNT`, `npy_interrupt`, `numpy.None`, `numpy.print` (from "remove ``print()``'s").
 */
export function isCApiName(qualified: string): boolean {
  const last = qualified.slice(qualified.lastIndexOf('.') + 1);
  return /^(?:Py[A-Z][A-Za-z]*_\w+|Py_\w+|NPY_\w+|npy_\w+|None|True|False|print|__all__)$/.test(last);
}

/** Consecutive tokens joined by commas / "and" / "or", from `start` going forwards (+1) or backwards (-1). */
function listFrom(text: string, tokens: Token[], start: number, step: 1 | -1): Token[] {
  const list: Token[] = [tokens[start] as Token];
  for (let k = start + step; k >= 0 && k < tokens.length; k += step) {
    const [a, b] =
      step === 1 ? [tokens[k - 1] as Token, tokens[k] as Token] : [tokens[k] as Token, tokens[k + 1] as Token];
    if (!SEPARATOR.test(text.slice(a.end, b.index))) break;
    if (step === 1) list.push(tokens[k] as Token);
    else list.unshift(tokens[k] as Token);
  }
  return list;
}

/** Sentences of an entry (a dotted name has no space after its dots, so ". " ends a sentence). */
function sentences(text: string): { text: string; offset: number }[] {
  const out: { text: string; offset: number }[] = [];
  const re = /(?<!\b(?:e\.g|i\.e|vs|etc|cf))[.;](?:\s+|$)(?=[A-Z(:`*]|$)/g;
  let from = 0;
  for (const m of text.matchAll(re)) {
    const end = (m.index ?? 0) + 1;
    out.push({ text: text.slice(from, end), offset: from });
    from = (m.index ?? 0) + m[0].length;
  }
  if (from < text.length) out.push({ text: text.slice(from), offset: from });
  // "… is deprecated and will be removed in 1.4. Use `b` instead.": the replacement sentence belongs to the one before
  for (let k = out.length - 1; k > 0; k--) {
    const t = (out[k] as { text: string }).text;
    if (
      !/^(?:Use|Instead,?\s+use|Please\s+use|Users\s+should\s+use|It\s+is\s+replaced\s+by|Replaced\s+by)\b/.test(t) &&
      !/^(?:This|It|They)\b[^`]*\b(?:replaced\s+(?:by|with)|in\s+favou?r\s+of|superseded\s+by)\s+(?=`|:)/.test(t)
    )
      continue;
    const prev = out[k - 1] as { text: string; offset: number };
    out.splice(k - 1, 2, {
      text: text.slice(prev.offset, (out[k] as { offset: number }).offset + (out[k] as { text: string }).text.length),
      offset: prev.offset,
    });
  }
  return out;
}

type Row = Omit<ApiChange, 'library' | 'origin'>;

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

function rowsOfSentence(
  spec: LibrarySpec,
  text: string,
  base: Pick<Row, 'version' | 'date' | 'note' | 'link' | 'removedIn'>,
  push: (row: Row) => void,
): void {
  const tokens = tokensOf(text);
  if (tokens.length === 0) return;
  const bareNames = spec.library === 'numpy' || spec.library === 'seaborn';
  /** a token that names an API object (a role, a dotted literal, or a bare literal where the library writes names so) */
  // a bare CamelCase literal (``CParserError``) is a class or exception name in every library
  const isName = (t: Token): boolean =>
    NAME_ROLES.test(t.role) ||
    (t.role === '' && t.name.includes('.')) ||
    (t.role === '' && (bareNames || /^[A-Z][a-z]+[A-Z]\w*$/.test(t.name)));
  /** is the list about parameters ("the ``p`` parameter", "keyword ``p``", "``p=...``")? */
  const isParamList = (list: Token[]): boolean => {
    const first = list[0] as Token;
    const last = list.at(-1) as Token;
    if (list.some((t) => t.name.includes('.') || /^(py:)?(func|class|meth|mod)$/.test(t.role))) return false;
    return (
      PARAM_WORDS.test(text.slice(Math.max(0, first.index - 22), first.index)) ||
      PARAM_WORDS.test(text.slice(last.end, last.end + 22)) ||
      list.some((t) => t.role === 'param' || t.role === 'paramref')
    );
  };
  const isAttributeList = (list: Token[]): boolean => {
    const first = list[0] as Token;
    const last = list.at(-1) as Token;
    return (
      !list.some((t) => t.name.includes('.')) &&
      (ATTRIBUTE_WORDS.test(text.slice(Math.max(0, first.index - 22), first.index)) ||
        ATTRIBUTE_WORDS.test(text.slice(last.end, last.end + 22)))
    );
  };
  /** the functions or classes a parameter/attribute list belongs to: "of/in/for :class:`A` and :class:`B`", else the nearest one */
  const ownersOf = (list: Token[]): Token[] => {
    const last = list.at(-1) as Token;
    const after = tokens.findIndex((t) => t.index >= last.end && isCallable(t) && !list.includes(t));
    if (
      after >= 0 &&
      /^\s*(?:(?:parameters?|keywords?|arguments?|kwargs?|attributes?|propert(?:y|ies))\s+)?(?:of|in|from|for|to|on)\s+(?:the\s+)?(?:(?:function|method|class|estimator|constructor)s?\s+)?$/i.test(
        text.slice(last.end, (tokens[after] as Token).index),
      )
    )
      return listFrom(text, tokens, after, 1).filter((t) => isCallable(t));
    const before = tokens.filter((t) => t.end <= (list[0] as Token).index && isCallable(t));
    if (before.length > 0) return [before.at(-1) as Token];
    return after >= 0 ? [tokens[after] as Token] : [];
  };
  const qualifyOwned = (owner: Token, name: string): string | null => {
    const q = spec.qualify(owner.name);
    return q ? `${q}.${name}` : null;
  };
  /** rows for old list → new list (paired in order, or one new for one old), of the given kind */
  const emit = (
    oldList: Token[],
    newList: Token[] | null,
    kind: 'renamed' | 'removed' | 'deprecated',
    pure: boolean,
  ): void => {
    if (oldList.length === 0) return;
    // options and rcParams (``display.height``, ``axes.hold``) are settings, not names a notebook imports
    if (
      /\b(?:options?|rcParams?|rc\s+params?|settings?|config(?:uration)?\s+keys?|style\s+sheets?)\b/i.test(
        text.slice(Math.max(0, (oldList[0] as Token).index - 25), (oldList[0] as Token).index),
      ) ||
      /^\s*(?:option|rcParam|rc param|setting)s?\b/i.test(
        text.slice((oldList.at(-1) as Token).end, (oldList.at(-1) as Token).end + 12),
      )
    )
      return;
    // several modules reorganized into one module ("… have been reorganized into :mod:`sklearn.model_selection`")
    if (newList?.length === 1 && oldList.length > 1 && (newList[0] as Token).role === 'mod')
      newList = oldList.map(() => newList?.[0] as Token);
    const pairs: [Token, Token | null][] =
      !newList || newList.length === 0
        ? oldList.map((t) => [t, null])
        : oldList.length === newList.length
          ? oldList.map((t, k) => [t, newList[k] as Token])
          : oldList.map((t) => [t, null]);
    if (isParamList(oldList)) {
      for (const owner of ownersOf(oldList)) {
        const q = spec.qualify(owner.name);
        if (!q) continue;
        for (const [o, n] of pairs)
          push({
            ...base,
            kind: 'signature-changed',
            old: `${q}(${o.name})`,
            new: n && !n.name.includes('.') ? `${q}(${n.name})` : null,
            pure: pure && n !== null,
          });
      }
      return;
    }
    if (isAttributeList(oldList)) {
      for (const owner of ownersOf(oldList)) {
        for (const [o, n] of pairs) {
          const oldQ = qualifyOwned(owner, o.name);
          if (!oldQ) continue;
          const newQ = n ? (n.name.includes('.') ? spec.qualify(n.name) : qualifyOwned(owner, n.name)) : null;
          push({
            ...base,
            kind: kind === 'renamed' ? (newQ ? kindOf(oldQ, newQ) : 'removed') : kind,
            old: oldQ,
            new: newQ,
            pure: pure && newQ !== null,
          });
        }
      }
      return;
    }
    for (const [o, n] of pairs) {
      if (!isName(o)) continue;
      const oldQ = spec.qualify(o.name);
      if (!oldQ) continue;
      let newQ = n && isName(n) ? spec.qualify(n.name) : null;
      // `a.B.x` renamed to ``y``: a bare new name keeps the old one's module or class
      if (n && !n.name.includes('.') && o.name.includes('.'))
        newQ = `${oldQ.slice(0, oldQ.lastIndexOf('.'))}.${n.name}`;
      // "use ``obj.items`` instead" (pandas' way of naming a member of the object at hand): a sibling member
      if (n && /^(?:obj|df|ser|series|s|idx|index|arr|ax|fig)\.\w+$/.test(n.name) && /\.[A-Z]\w*\.\w+$/.test(oldQ))
        newQ = `${oldQ.slice(0, oldQ.lastIndexOf('.'))}.${n.name.slice(n.name.indexOf('.') + 1)}`;
      // a class "renamed to" a snake_case bare word is a parameter the entry talks about: no row
      if (
        n &&
        !n.name.includes('.') &&
        /^[A-Z]/.test(oldQ.slice(oldQ.lastIndexOf('.') + 1)) &&
        /^[a-z_]+$/.test(n.name)
      )
        continue;
      if (kind === 'renamed') {
        if (!newQ) continue; // a rename whose target is unclear says nothing reliable
        push({ ...base, kind: kindOf(oldQ, newQ), old: oldQ, new: newQ, pure });
      } else
        push({
          ...base,
          kind: kind === 'removed' && newQ ? kindOf(oldQ, newQ) : kind,
          old: oldQ,
          new: newQ,
          pure: pure && newQ !== null,
        });
    }
  };
  const used = new Set<Token>();
  /**
   * The list a verb's subject is, ending with token `last`: "The ``p`` parameter/attribute of :class:`A` and
   * :class:`B` is …" has the owners right before the verb and the subject (``p``) before them.
   */
  const subjectList = (last: number): Token[] => {
    const list = listFrom(text, tokens, last, -1);
    if (!list.every((t) => isCallable(t))) return list;
    const inner = tokens.filter((t) => t.end <= (list[0] as Token).index && !used.has(t));
    const subject = inner.at(-1);
    if (
      subject &&
      !subject.name.includes('.') &&
      /^\s*(?:(?:parameters?|keywords?|arguments?|kwargs?|attributes?|propert(?:y|ies))\s+)(?:of|in|for|on)\s+(?:the\s+)?(?:(?:function|method|class|estimator)s?\s+)?$/i.test(
        text.slice(subject.end, (list[0] as Token).index),
      )
    ) {
      return listFrom(text, tokens, tokens.indexOf(subject), -1);
    }
    return list;
  };

  // "X has been moved from :mod:`a` to :mod:`b`"
  for (const m of text.matchAll(
    /\bmoved\s+from\s+(?:the\s+)?(?:module\s+)?(``[^`]+``|:[\w:]+:`[^`]+`)\s+(?:in)?to\s+(?:the\s+)?(?:module\s+)?(``[^`]+``|:[\w:]+:`[^`]+`)/g,
  )) {
    const at = m.index ?? 0;
    const subjects = tokens.filter((t) => t.end <= at);
    const from = tokens.find((t) => t.index >= at && t.index < at + m[0].length);
    const to = tokens.find((t) => t.index > (from?.end ?? at) && t.index < at + m[0].length);
    const subject = subjects.at(-1);
    if (!subject || !from || !to || text.slice(subject.end, at).length > 30) continue;
    const name = subject.name.slice(subject.name.lastIndexOf('.') + 1);
    const oldQ = spec.qualify(`${from.name}.${name}`);
    const newQ = spec.qualify(`${to.name}.${name}`);
    for (const t of [subject, from, to]) used.add(t);
    if (oldQ && newQ) push({ ...base, kind: 'moved', old: oldQ, new: newQ, pure: true });
  }

  // renames and moves; "A, B and C have been renamed to X, Y and Z (respectively)" pairs them in order
  for (const m of text.matchAll(RENAME_VERB)) {
    const at = m.index ?? 0;
    const afterIndex = tokens.findIndex((t) => t.index >= at + m[0].length && !used.has(t));
    const beforeIndex = tokens.findLastIndex((t) => t.end <= at && !used.has(t));
    if (afterIndex < 0 || beforeIndex < 0) continue;
    const listAfter = listFrom(text, tokens, afterIndex, 1);
    const listBefore = listAfter.every((t) => !t.name.includes('.'))
      ? subjectList(beforeIndex)
      : listFrom(text, tokens, beforeIndex, -1);
    const gap = text.slice((tokens[beforeIndex] as Token).end, at);
    if (gap.length > 60 || /[.;]/.test(gap)) continue;
    // "`f`'s argument is now called `x`", "The second argument of `f` has been renamed to `x`": a parameter of f,
    // whose old name the sentence gives elsewhere (or not at all)
    if (/^'s\s+(?:first\s+)?(?:argument|parameter|keyword)/.test(gap)) continue;
    const lead = text.slice(Math.max(0, (listBefore[0] as Token).index - 40), (listBefore[0] as Token).index);
    if (/\b(?:argument|parameter|keyword)s?\s+(?:of|to|in)\s+(?:the\s+)?(?:(?:function|method|class)\s+)?$/i.test(lead))
      continue;
    // "A basic ``parametrize`` decorator is now available in ``numpy.testing``": a new feature, not a move
    if (/(?:^|[.;]\s*)(?:A|An)\s+(?:[\w-]+\s+){0,3}$/.test(lead)) continue;
    for (const t of [...listBefore, ...listAfter]) used.add(t);
    // "… is now available in/under ``m``", "moved into ``m``": ``m`` is where the name lives, not its new name
    const location = /\b(?:in|under|into)\s+(?:the\s+)?(?:module\s+)?$/i.test(m[0]);
    if (location && listAfter.length === 1 && listBefore.every((t) => t.name.includes('.') || isName(t))) {
      const where = listAfter[0] as Token;
      emit(
        listBefore,
        listBefore.map((t) => ({ ...where, name: `${where.name}.${t.name.slice(t.name.lastIndexOf('.') + 1)}` })),
        'renamed',
        true,
      );
      continue;
    }
    emit(listBefore, listAfter, 'renamed', true);
  }

  // "the classes and functions have been reorganized into :mod:`b`" (the contents changed: not pure)
  for (const m of text.matchAll(
    /\b(?:reorganized|reorganised|merged|consolidated)\s+into\s+(?:the\s+)?(?=``|:[\w:]+:`|`)/g,
  )) {
    const at = m.index ?? 0;
    const target = tokens.find((t) => t.index === at + m[0].length);
    const first = tokens.findIndex((t) => !used.has(t) && t.end <= at && isName(t));
    if (!target || first < 0) continue;
    const list = listFrom(text, tokens, first, 1).filter((t) => t.end <= at && !used.has(t));
    for (const t of [...list, target]) used.add(t);
    emit(
      list,
      list.map(() => target),
      'renamed',
      false,
    );
  }

  // the sentence's replacement, when it names exactly one: "… use B instead", "in favour of B", "replaced by B"
  const replacements = [...text.matchAll(REPLACEMENT)]
    .map((m) => tokens.find((t) => t.index === (m.index ?? 0) + m[0].length))
    .filter(
      (t): t is Token => t !== undefined && !used.has(t) && !/^\s*(?:\(|or\b|and\b)/.test(text.slice(t.end, t.end + 5)),
    );
  const replacement = replacements.length === 1 ? (replacements[0] as Token) : null;
  // "Deprecated A, B and C in favor of X, Y and Z": as many replacements as names, paired in order ("X or Y" is a
  // choice, not a list)
  const firstReplacement = [...text.matchAll(REPLACEMENT)]
    .map((m) => tokens.findIndex((t) => t.index === (m.index ?? 0) + m[0].length))
    .find((k) => k >= 0);
  const replacementList =
    firstReplacement === undefined ? [] : listFrom(text, tokens, firstReplacement, 1).filter((t) => !used.has(t));
  const listed = (list: Token[]): Token[] | null => {
    if (list.length === 1) return replacement ? [replacement] : null;
    if (replacementList.length !== list.length || list.some((t) => replacementList.includes(t))) return null;
    const span = text.slice((replacementList[0] as Token).index, (replacementList.at(-1) as Token).end);
    return /\bor\b/.test(span) ? null : replacementList;
  };
  // the same object under the other name: "still available as", "available under", "It is an alias of `b`"
  const still = /still available|available under|\bis an alias (?:of|for)\b/.test(text);
  // removed: "Removed (the deprecated) A, B and C", "A (has been|was|is now) removed"
  const removedVerb = /\b(?:[Rr]emoved|[Rr]emove|[Rr]emoving|[Dd]ropped|[Dd]rop|[Ee]xpired)\b/g;
  for (const m of text.matchAll(removedVerb)) {
    const at = m.index ?? 0;
    const end = at + m[0].length;
    // forwards: the verb governs the list right after it (only filler words between)
    const next = tokens.findIndex((t) => t.index >= end && !used.has(t));
    if (
      next >= 0 &&
      FILLER.test(text.slice(end, (tokens[next] as Token).index)) &&
      !/\bsupport\b/i.test(text.slice(end, (tokens[next] as Token).index)) &&
      !/\b(?:will|to|would|may|should|be)\s+$/i.test(text.slice(Math.max(0, at - 12), at))
    ) {
      const list = listFrom(text, tokens, next, 1).filter(
        (t) => !used.has(t) && t !== replacement && !replacementList.includes(t),
      );
      for (const t of list) used.add(t);
      emit(list, listed(list), 'removed', still);
      continue;
    }
    // backwards: "A and B have been removed", "A is removed" (not "will be removed": that is a deprecation)
    const prev = tokens.findLastIndex((t) => t.end <= at && !used.has(t));
    if (prev < 0) continue;
    const between = text.slice((tokens[prev] as Token).end, at);
    if (
      /^\s*(?:(?:function|method|class|module|submodule|attribute|property|alias|keyword|parameter|argument|kwarg|option)s?\s+)?(?:(?:has|have|had)\s+)?(?:now\s+)?(?:been|was|were|is|are)\s+(?:now\s+)?(?:been\s+)?(?:fully\s+|finally\s+)?$/i.test(
        between,
      )
    ) {
      const list = subjectList(prev).filter((t) => !used.has(t) && t !== replacement && !replacementList.includes(t));
      for (const t of list) used.add(t);
      emit(list, listed(list), 'removed', still);
    }
  }

  // deprecated, with a replacement when the sentence names exactly one: "A is deprecated, use B instead"
  for (const m of text.matchAll(/\b(?:[Dd]eprecat\w*)\b/g)) {
    const at = m.index ?? 0;
    const end = at + m[0].length;
    const next = tokens.findIndex((t) => t.index >= end && !used.has(t) && t !== replacement);
    let list: Token[] | null = null;
    if (next >= 0 && FILLER.test(text.slice(end, (tokens[next] as Token).index)))
      list = listFrom(text, tokens, next, 1);
    else {
      const prev = tokens.findLastIndex((t) => t.end <= at && !used.has(t) && t !== replacement);
      if (
        prev >= 0 &&
        /^\s*(?:(?:function|method|class|module|submodule|attribute|property|alias|keyword|parameter|argument|kwarg|option)s?\s+)?(?:(?:has|have|had)\s+)?(?:now\s+)?(?:been|was|were|is|are)\s+(?:now\s+)?(?:been\s+)?$/i.test(
          text.slice((tokens[prev] as Token).end, at),
        )
      )
        list = subjectList(prev);
    }
    if (!list) continue;
    list = list.filter((t) => !used.has(t) && t !== replacement && !replacementList.includes(t));
    if (list.length === 0) continue;
    for (const t of list) used.add(t);
    // a value being deprecated ("``positive=True``") is not the name
    emit(list, listed(list), 'deprecated', still);
  }
  // a replacement with no verb in this sentence belongs to the previous sentence's subject: left alone (no guess)
}

// ---------------------------------------------------------------------------------------------- sources
function versionFromName(file: string): string | null {
  const m = /(\d+\.\d+(?:\.\d+)?)/.exec(path.basename(file));
  return m ? (m[1] as string) : null;
}

/** Changelog files of a mirrored repository at its HEAD. */
function mirrorChangelogs(gitDir: string): { library: ApiLibrary; files: ChangelogFile[]; source: string } | null {
  const repo = remoteOf(gitDir);
  const head = git(gitDir, 'rev-parse', 'HEAD').trim();
  const layouts: Record<string, { library: ApiLibrary; dir: string; pattern: RegExp }[]> = {
    'numpy/numpy': [
      { library: 'numpy', dir: 'doc/source/release', pattern: /\/\d+\.\d+\.\d+-notes\.rst$/ },
      { library: 'numpy', dir: 'doc/source', pattern: /numpy_2_0_migration_guide\.rst$/ },
    ],
    'scipy/scipy': [{ library: 'scipy', dir: 'doc/source/release', pattern: /\/\d+\.\d+\.\d+-notes\.rst$/ }],
    'mwaskom/seaborn': [{ library: 'seaborn', dir: 'doc/whatsnew', pattern: /\/v\d+\.\d+\.\d+\.rst$/ }],
    'statsmodels/statsmodels': [
      { library: 'statsmodels', dir: 'docs/source/release', pattern: /\/version\d+\.\d+(\.\d+)?(-\d+)?\.rst$/ },
    ],
    'scikit-learn/scikit-learn': [{ library: 'scikit-learn', dir: 'doc/whats_new', pattern: /\/v\d+\.\d+\.rst$/ }],
    'pandas-dev/pandas': [{ library: 'pandas', dir: 'doc/source/whatsnew', pattern: /\/v\d+\.\d+\.\d+\.rst$/ }],
    'matplotlib/matplotlib': [{ library: 'matplotlib', dir: 'doc/api/prev_api_changes', pattern: /\.rst$/ }],
  };
  const layout = repo ? layouts[repo] : undefined;
  if (!repo || !layout) return null;
  const files: ChangelogFile[] = [];
  for (const { dir, pattern } of layout) {
    for (const repoPath of gitFiles(gitDir, head, dir, pattern)) {
      const version = repoPath.endsWith('numpy_2_0_migration_guide.rst') ? '2.0.0' : versionFromName(repoPath);
      if (!version) continue;
      const tag = tagDate(gitDir, version);
      files.push({
        repoPath,
        text: git(gitDir, 'show', `${head}:${repoPath}`),
        version,
        format: 'rst',
        date: tag,
        link: (line) => `https://github.com/${repo}/blob/${head}/${repoPath}#L${line}`,
      });
    }
  }
  return { library: layout[0]?.library as ApiLibrary, files, source: `github.com/${repo}@${head}` };
}

const tagDates = new Map<string, Map<string, string>>();
/** The date of the release tag for a version (v1.20.0, 1.20.0, v0.8.0), from the mirror's tags. */
function tagDate(gitDir: string, version: string): string | null {
  let dates = tagDates.get(gitDir);
  if (!dates) {
    dates = new Map();
    for (const line of git(gitDir, 'for-each-ref', '--format=%(refname:short) %(creatordate:short)', 'refs/tags').split(
      '\n',
    )) {
      const [tag, date] = line.split(' ');
      const v = tag ? /^v?(\d+\.\d+(?:\.\d+)?)$/.exec(tag) : null;
      if (v && date) dates.set(v[1] as string, date);
    }
    tagDates.set(gitDir, dates);
  }
  return dates.get(version) ?? dates.get(`${version}.0`) ?? dates.get(version.replace(/\.0$/, '')) ?? null;
}

/** Changelogs from Debian's doc packages: Sphinx keeps each page's rst under html/_sources. */
function docChangelogs(docs: string): { library: ApiLibrary; files: ChangelogFile[]; source: string }[] {
  const found: { library: ApiLibrary; files: ChangelogFile[]; source: string }[] = [];
  const packages = fs.existsSync(docs) ? fs.readdirSync(docs) : [];
  const pkg = (prefix: string): { dir: string; version: string } | null => {
    const name = packages.find((p) => p.startsWith(prefix));
    if (!name) return null;
    const version = /_(?:\d+:)?(\d+\.\d+(?:\.\d+)?)/.exec(name)?.[1] ?? '';
    return { dir: path.join(docs, name), version };
  };
  const walk = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      : [];

  const sklearn = pkg('python-sklearn-doc');
  if (sklearn) {
    const src = path.join(sklearn.dir, 'usr/share/doc/python-sklearn-doc/html/_sources/whats_new');
    const files = walk(src)
      .filter((f) => /\/v\d+\.\d+\.rst\.txt$/.test(f))
      .map((f): ChangelogFile => {
        const repoPath = `doc/whats_new/${path.basename(f, '.txt')}`;
        return {
          repoPath,
          text: fs.readFileSync(f, 'utf8'),
          version: versionFromName(f) as string,
          format: 'rst',
          link: (line) => `https://github.com/scikit-learn/scikit-learn/blob/${sklearn.version}/${repoPath}#L${line}`,
        };
      });
    found.push({
      library: 'scikit-learn',
      files,
      source: `Debian python-sklearn-doc ${sklearn.version} (tag ${sklearn.version})`,
    });
  }
  const pandas = pkg('python-pandas-doc');
  if (pandas) {
    const src = path.join(pandas.dir, 'usr/share/doc/python-pandas-doc/html/_sources/whatsnew');
    const files = walk(src)
      .filter((f) => /\/v\d+\.\d+\.\d+\.rst\.txt$/.test(f))
      .map((f): ChangelogFile => {
        const repoPath = `doc/source/whatsnew/${path.basename(f, '.txt')}`;
        const text = fs.readFileSync(f, 'utf8');
        return {
          repoPath,
          text,
          version: versionFromName(f) as string,
          format: 'rst',
          date: parseDate(text.slice(0, 400)),
          link: (line) => `https://github.com/pandas-dev/pandas/blob/v${pandas.version}/${repoPath}#L${line}`,
        };
      });
    found.push({
      library: 'pandas',
      files,
      source: `Debian python-pandas-doc ${pandas.version} (tag v${pandas.version})`,
    });
  }
  const mpl = pkg('python-matplotlib-doc');
  if (mpl) {
    // the split pages (api_changes_3.5.0/removals.rst …) are included into one HTML page each, not kept in _sources
    const src = path.join(mpl.dir, 'usr/share/doc/python-matplotlib-doc/html/api/prev_api_changes');
    const files = walk(src)
      .filter((f) => /api_changes_\d+\.\d+\.\d+\.html$/.test(f))
      .map((f): ChangelogFile => {
        const page = path.basename(f);
        return {
          repoPath: `doc/api/prev_api_changes/${page.replace(/\.html$/, '.rst')}`,
          text: fs.readFileSync(f, 'utf8'),
          version: versionFromName(f) as string,
          format: 'html',
          link: () => `https://matplotlib.org/stable/api/prev_api_changes/${page}`,
        };
      });
    found.push({
      library: 'matplotlib',
      files,
      source: `Debian python-matplotlib-doc ${mpl.version} (HTML of doc/api/prev_api_changes at v${mpl.version})`,
    });
  }
  return found;
}

// ---------------------------------------------------------------------------------------------- python
const PYTHON_RELEASES: Record<string, string> = { '3.12': '2023-10-02', '3.13': '2024-10-07', '3.14': '2025-10-07' };

/**
 * Python's removed modules (3.12–3.14) from the "What's New" pages: the "Removed" sections name each module
 * (``:mod:`asyncore```) and, where one exists, its replacement ("use :mod:`asyncio` instead").
 */
function pythonRows(docs: string): { rows: ApiChange[]; source: string } | null {
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

// ---------------------------------------------------------------------------------------------- mined sources
/**
 * Deprecation messages from the libraries' installed sources (one release each, the system's and today's):
 * `@deprecated("... use X instead")` (scikit-learn), `_api.deprecated(since, alternative=X)` and
 * `_api.rename_parameter(since, old, new)` (matplotlib), `deprecate_kwarg(old_arg_name=, new_arg_name=)`
 * (pandas, statsmodels), and NumPy 2.0's `__expired_attributes__` table (its AttributeError messages).
 * A small Python program reads them with the ast module (the messages are literals).
 */
export const MINER = String.raw`
import ast, json, os, sys, re
root, pkg = sys.argv[1], sys.argv[2]
out = []
def lit(node):
    try:
        return ast.literal_eval(node)
    except Exception:
        if isinstance(node, ast.JoinedStr):
            return ''.join(v.value if isinstance(v, ast.Constant) else '{}' for v in node.values)
        return None
def callname(node):
    f = node.func if isinstance(node, ast.Call) else node
    if isinstance(f, ast.Attribute): return f.attr
    if isinstance(f, ast.Name): return f.id
    return ''
# where each name is defined and under which public paths it is re-exported (numpy.core.fromnumeric.sum is
# numpy.sum): explicit 'from m import a as b', 'from m import *' (public names), and classes' bases, so that a
# member of a base class (pandas' NDFrame) is reported under the public classes that inherit it
defs = {}       # module -> set of names defined at its top level
imports = {}    # module -> {local: (source module, source name)}
stars = {}      # module -> [source modules]
classes = {}    # (module, class) -> {bases: [dotted], members: set}
def dotted(node):
    if isinstance(node, ast.Name): return node.id
    if isinstance(node, ast.Attribute):
        head = dotted(node.value)
        return head + '.' + node.attr if head else None
    return None
def scan_imports(body, module, is_pkg):
    d = defs.setdefault(module, set()); imp = imports.setdefault(module, {}); st = stars.setdefault(module, [])
    for node in body:
        if isinstance(node, (ast.If, ast.Try)):
            scan_imports(node.body + getattr(node, 'orelse', []) + [n for h in getattr(node, 'handlers', []) for n in h.body] + getattr(node, 'finalbody', []), module, is_pkg)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            d.add(node.name)
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name): d.add(t.id)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ''
            if node.level:
                parts = module.split('.') if is_pkg else module.split('.')[:-1]
                parts = parts[:len(parts) - (node.level - 1)] if node.level > 1 else parts
                base = '.'.join(parts + ([node.module] if node.module else []))
            for a in node.names:
                if a.name == '*': st.append(base)
                else: imp[a.asname or a.name] = (base, a.name)
def resolve(module, name, seen=None):
    seen = seen or set()
    if (module, name) in seen: return None
    seen.add((module, name))
    if name in defs.get(module, ()) and name not in imports.get(module, {}): return (module, name)
    if name in imports.get(module, {}):
        src, orig = imports[module][name]
        if src in defs: return resolve(src, orig, seen) or (src + '.' + orig in defs and (src + '.' + orig, None)) or None
        return None
    if not name.startswith('_'):
        for src in stars.get(module, []):
            r = resolve(src, name, seen)
            if r: return r
    return None
_aliases = None
def aliases():
    global _aliases
    if _aliases is None:
        _aliases = {}
        for module in list(defs):
            if any(p.startswith('_') for p in module.split('.')): continue
            names = set(defs.get(module, ())) | set(imports.get(module, {}))
            for src in stars.get(module, []): names |= set(defs.get(src, ()))
            for name in names:
                if name.startswith('_'): continue
                r = resolve(module, name)
                if r and r[1] is not None: _aliases.setdefault(r, set()).add(module + '.' + name)
        for src in list(stars):
            pass
    return _aliases
def canonical(module, name):
    found = aliases().get((module, name))
    if not found: return None
    # the shortest public path; among equals the defining module's own, then the first in order (deterministic)
    return min(found, key=lambda a: (a.count('.'), a.rsplit('.', 1)[0] != module, len(a), a))
def subclasses(key):
    out = []
    for (m, c), info in classes.items():
        if 'testing' in m.split('.') or 'tests' in m.split('.'): continue
        for b in info['bases']:
            if '.' in b:
                head, _, rest = b.rpartition('.')
                src = imports.get(m, {}).get(head.split('.')[0])
                mod = (src[0] + '.' + src[1]) if src else head
                mod = mod + head[len(head.split('.')[0]):] if src else mod
                r = resolve(mod, rest) if mod in defs else None
            else:
                r = resolve(m, b)
            if r == key: out.append((m, c))
    return out
def owners(module, name):
    # public spellings of module.name (a module-level name, or Class.member)
    parts = name.split('.')
    if len(parts) == 1:
        c = canonical(module, name)
        return [c] if c else []
    if len(parts) != 2: return []
    cls, member = parts
    result, todo, seen = [], [(module, cls)], set()
    while todo:
        key = todo.pop()
        if key in seen: continue
        seen.add(key)
        c = canonical(*key)
        subs = [k for k in subclasses(key) if member not in classes.get(k, {}).get('members', set())]
        # a base class users never name (pandas' NDFrame) is met through its public subclasses
        if c and not (subs and key == (module, cls) and c.count('.') > 1): result.append(c + '.' + member)
        todo.extend(subs)
    return sorted(set(result))
def params_of(fn):
    a = fn.args
    return [x.arg for x in a.posonlyargs + a.args + a.kwonlyargs]
def is_warn(stmt):
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and callname(stmt.value) == 'warn' and stmt.value.args
def delegate(fn, warn_stmt):
    # the deprecated function's whole body is the warning and 'return <call>' / 'yield from <call>' passing its own
    # parameters through unchanged: the replacement computes the same thing (the old name is an alias)
    body = [s for s in fn.body if s is not warn_stmt and not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant) and isinstance(s.value.value, str))]
    if len(body) != 1: return None
    s = body[0]
    # a property that only warns and returns another attribute of the object (is_monotonic → is_monotonic_increasing)
    if isinstance(s, ast.Return) and isinstance(s.value, ast.Attribute) and dotted(s.value) and params_of(fn) == ['self']:
        return dotted(s.value)
    call = s.value if isinstance(s, ast.Return) else s.value.value if isinstance(s, ast.Expr) and isinstance(s.value, ast.YieldFrom) else None
    if not isinstance(call, ast.Call): return None
    target = dotted(call.func)
    if not target: return None
    params = [p for p in params_of(fn) if p not in ('self', 'cls')]
    passed = [a.id for a in call.args if isinstance(a, ast.Name)] + [k.value.id for k in call.keywords if k.arg and isinstance(k.value, ast.Name) and k.arg == k.value.id]
    star = [a for a in call.args if isinstance(a, ast.Starred)] + [k for k in call.keywords if k.arg is None]
    if len(passed) + len(star) != len(call.args) + len(call.keywords): return None
    if sorted(passed) != sorted(params) and not star: return None
    if star and (not fn.args.vararg and not fn.args.kwarg): return None
    return target
def warned(fn, module, prefix, rel):
    for stmt in fn.body:
        if not is_warn(stmt): continue
        msg = lit(stmt.value.args[0])
        if not isinstance(msg, str) or 'deprecat' not in msg.lower(): continue
        out.append(dict(kind='warn', module=module, name=prefix + fn.name, message=msg, params=params_of(fn), delegate=delegate(fn, stmt), line=stmt.lineno, file=rel))
def module_getattr(fn, module, rel):
    # 'def __getattr__(name): if name == "X": warnings.warn("X is deprecated ... use Y"); return Y'
    for node in ast.walk(fn):
        if not isinstance(node, ast.If): continue
        t = node.test
        if not (isinstance(t, ast.Compare) and len(t.comparators) == 1 and isinstance(t.ops[0], ast.Eq) and isinstance(t.comparators[0], ast.Constant) and isinstance(t.comparators[0].value, str)): continue
        for stmt in node.body:
            if is_warn(stmt):
                msg = lit(stmt.value.args[0])
                if isinstance(msg, str) and 'deprecat' in msg.lower():
                    out.append(dict(kind='warn', module=module, name=t.comparators[0].value, message=msg, params=[], delegate=None, line=stmt.lineno, file=rel))
for dirpath, dirs, files in os.walk(os.path.join(root, pkg)):
    dirs[:] = sorted(d for d in dirs if d not in ('tests', 'test', '__pycache__'))
    for fn in sorted(files):
        if not fn.endswith('.py'): continue
        path = os.path.join(dirpath, fn)
        rel = os.path.relpath(path, root)
        module = rel[:-3].replace(os.sep, '.')
        if module.endswith('.__init__'): module = module[:-9]
        try:
            tree = ast.parse(open(path, encoding='utf-8').read())
        except Exception:
            continue
        if rel.replace(os.sep, '/') == 'numpy/__init__.py':
            # numpy's former aliases of builtins (np.float, np.int …): the message template and the names
            template = None
            for node in ast.walk(tree):
                if isinstance(node, ast.Assign) and getattr(node.targets[0], 'id', '') == '_msg' and isinstance(node.value, ast.Constant):
                    template = node.value.value
            for node in ast.walk(tree):
                if template and isinstance(node, ast.Assign) and getattr(node.targets[0], 'id', '') == '_type_info' and isinstance(node.value, ast.List):
                    for elt in node.value.elts:
                        if isinstance(elt, ast.Tuple) and elt.elts and isinstance(elt.elts[0], ast.Constant):
                            n = elt.elts[0].value
                            try:
                                message = template.format(n=n, extended_msg='').strip()
                            except (KeyError, IndexError, ValueError):
                                continue  # another release's template (other placeholders): not this table
                            out.append(dict(kind='former', module='numpy', name=n, message=message, line=node.lineno, file=rel))
        if fn == '_expired_attrs_2_0.py':
            for node in tree.body:
                if isinstance(node, ast.Assign) and getattr(node.targets[0], 'id', '') == '__expired_attributes__':
                    d = lit(node.value) or {}
                    for k, v in d.items():
                        out.append(dict(kind='expired', module='numpy', name=k, message=v, line=node.lineno, file=rel))
        def visit(body, prefix):
            for node in body:
                if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
                    for dec in node.decorator_list:
                        if not isinstance(dec, ast.Call): continue
                        name = callname(dec)
                        kw = {k.arg: lit(k.value) for k in dec.keywords if k.arg}
                        args = [lit(a) for a in dec.args]
                        if name in ('deprecated', 'deprecate'):
                            msg = args[0] if args and isinstance(args[0], str) else kw.get('message') or kw.get('extra') or ''
                            out.append(dict(kind='deprecated', module=module, name=prefix + node.name, message=msg if isinstance(msg, str) else '',
                                            since=args[0] if args and isinstance(args[0], str) and re.match(r'^\d', args[0]) else kw.get('since'),
                                            alternative=kw.get('alternative'), removal=kw.get('removal'), line=dec.lineno, file=rel))
                        elif name == 'rename_parameter' and len(args) >= 3:
                            out.append(dict(kind='rename-param', module=module, name=prefix + node.name, since=args[0], old=args[1], new=args[2], line=dec.lineno, file=rel))
                        elif name == 'deprecate_kwarg':
                            old = kw.get('old_arg_name', args[0] if args else None); new = kw.get('new_arg_name', args[1] if len(args) > 1 else None)
                            if isinstance(old, str):
                                out.append(dict(kind='rename-param', module=module, name=prefix + node.name, since=None, old=old, new=new if isinstance(new, str) else None, line=dec.lineno, file=rel))
                    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        warned(node, module, prefix, rel)
                    if isinstance(node, ast.ClassDef):
                        visit(node.body, prefix + node.name + '.')
                        if not prefix:
                            classes[(module, node.name)] = dict(bases=[b for b in (dotted(x) for x in node.bases) if b], members={n.name for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))})
                    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == '__getattr__' and not prefix:
                        module_getattr(node, module, rel)
        visit(tree.body, '')
        scan_imports(tree.body, module, fn == '__init__.py')
for item in out:
    item['owners'] = owners(item['module'], item['name'])
print(json.dumps(out))
`;

interface Mined {
  kind: 'expired' | 'deprecated' | 'rename-param' | 'warn' | 'former';
  /** public spellings of module.name (re-exports, and public subclasses for a base class's member) */
  owners?: string[];
  /** 'warn': the function's parameters, and the call its body delegates to when it only warns and delegates */
  params?: string[];
  delegate?: string | null;
  module: string;
  name: string;
  message?: string;
  since?: string | null;
  alternative?: string | null;
  removal?: string | null;
  old?: string;
  new?: string | null;
  line: number;
  file: string;
}

interface MinedPackage {
  library: ApiLibrary;
  pkg: string;
  dist: RegExp;
  repo: string;
  tag: (v: string) => string;
  srcPrefix: string;
}

/** a package whose dist-info is `<pkg>-<version>`, tagged `v<version>` on GitHub, with its sources at the root */
const minedPackage = (
  library: ApiLibrary,
  pkg: string,
  repo: string,
  differs: Partial<MinedPackage> = {},
): MinedPackage => ({
  library,
  pkg,
  dist: new RegExp(`^${pkg}-([\\d.]+)`),
  repo,
  tag: (v) => `v${v}`,
  srcPrefix: '',
  ...differs,
});

const MINED_PACKAGES: MinedPackage[] = [
  minedPackage('scikit-learn', 'sklearn', 'scikit-learn/scikit-learn', {
    dist: /^scikit_learn-([\d.]+)|^sklearn$/,
    tag: (v) => v,
  }),
  minedPackage('pandas', 'pandas', 'pandas-dev/pandas'),
  minedPackage('numpy', 'numpy', 'numpy/numpy'),
  minedPackage('scipy', 'scipy', 'scipy/scipy'),
  minedPackage('matplotlib', 'matplotlib', 'matplotlib/matplotlib', { srcPrefix: 'lib/' }),
  minedPackage('seaborn', 'seaborn', 'mwaskom/seaborn'),
  minedPackage('statsmodels', 'statsmodels', 'statsmodels/statsmodels'),
];

function installedVersion(sitePackages: string, pkg: string, dist: RegExp): string | null {
  for (const entry of fs.readdirSync(sitePackages)) {
    const m = dist.exec(entry);
    if (m?.[1]) return m[1].replace(/\.$/, '');
  }
  // scikit-learn's Debian build ships no dist-info beside the package: read its __init__
  const init = path.join(sitePackages, pkg, '__init__.py');
  if (fs.existsSync(init)) return /__version__\s*=\s*["']([\d.]+)/.exec(fs.readFileSync(init, 'utf8'))?.[1] ?? null;
  return null;
}

/** One replacement name in a deprecation message ("use `X` instead", "Use X instead"), or null. */
export function replacementInMessage(message: string): string | null {
  const found = new Set<string>();
  for (const m of message.matchAll(
    /\b(?:[Uu]se|[Rr]eplace (?:usages of \S+ )?with|in favou?r of|renamed to|moved to|available as|[Pp]lease use)\s+(?:the\s+)?[`'"]{0,2}(\.?[A-Za-z_][\w.]*)(\(\))?[`'"]{0,2}(?=[\s,;)]|\.(?!\w)|$)/g,
  )) {
    const name = (m[1] as string).replace(/\.+$/, '');
    if (/^\.?(the|a|an|it|this|that|of|with|instead)$/i.test(name)) continue;
    found.add(name);
  }
  return found.size === 1 ? ([...found][0] as string) : null;
}

/**
 * Rows of a `warnings.warn("… is deprecated …")` inside a function (or a module's `__getattr__` branch): about the
 * function when the message's subject (the text before "deprecat") names it, about one of its parameters when it
 * names that instead; anything else (a value, a behaviour) gives no row. The replacement is the one the message
 * names ("Use .items instead" is the sibling member). The row is pure (the same computation under another name)
 * only when the function's whole body is the warning plus a call of that replacement passing its own parameters
 * through unchanged — the code itself says it is an alias.
 */
export function warnedRows(
  m: Pick<Mined, 'module' | 'name' | 'message' | 'owners' | 'params' | 'delegate'>,
  library: ApiLibrary,
  qualify: (name: string) => string | null,
  version: string,
  link: string,
  release: string,
): ApiChange[] {
  const message = m.message ?? '';
  const at = message.search(/deprecat/i);
  if (at < 0) return [];
  const subject = message.slice(0, at);
  const last = m.name.slice(m.name.lastIndexOf('.') + 1);
  if (last.startsWith('_')) return [];
  const word = (name: string): RegExp => new RegExp(`(?:^|[^\\w])${name.replace(/[.]/g, '\\.')}(?:[^\\w]|$)`);
  const publicModule = m.module
    .split('.')
    .filter((p) => !p.startsWith('_'))
    .join('.');
  const owners = m.owners && m.owners.length > 0 ? m.owners : [`${publicModule}.${m.name}`];
  const base = {
    library,
    version,
    date: null,
    note: `deprecation warning in ${release}: ${message}`.slice(0, 300),
    link,
    removedIn: removalVersion(message),
    origin: 'source' as const,
  };
  const target = replacementInMessage(message.slice(at));
  // the subject is the name itself ("iteritems is deprecated", "The frame.append method is deprecated"), not a use of
  // it ("Passing method to get_loc is deprecated", "Setting categories in-place is deprecated")
  const aboutName = new RegExp(
    `^\\s*(?:the\\s+)?['"\`]*(?:[\\w.]+\\.)?${last}(?:\\(\\))?['"\`]*(?:\\s+(?:method|attribute|property|function|class|module|alias|keyword))?(?:\\s*(?:,|and|or)\\s+['"\`]*[\\w.]+(?:\\(\\))?['"\`]*)*\\s+(?:is|are|has\\s+been|have\\s+been|was|were)\\s+(?:now\\s+)?$`,
    'i',
  );
  if (aboutName.test(subject)) {
    const delegated = m.delegate ? m.delegate.slice(m.delegate.lastIndexOf('.') + 1) : null;
    const selfDelegate = m.delegate && /^self\.\w+$/.test(m.delegate) ? delegated : null;
    return owners.map((old) => {
      const parent = old.slice(0, old.lastIndexOf('.'));
      let newQ: string | null = null;
      if (target) {
        const bare = target.replace(/^\./, '');
        newQ = target.startsWith('.') || !bare.includes('.') ? `${parent}.${bare}` : (qualify(bare) ?? bare);
      } else if (selfDelegate) newQ = `${parent}.${selfDelegate}`;
      const pure = newQ !== null && delegated !== null && newQ.endsWith(`.${delegated}`);
      return { ...base, kind: 'deprecated' as const, old, new: newQ && isPublicName(newQ) ? newQ : null, pure };
    });
  }
  // a parameter of the function: "null_counts is deprecated. Use show_counts instead"
  const params = (m.params ?? []).filter((p) => p !== 'self' && p !== 'cls' && word(p).test(subject));
  if (params.length !== 1 || last === '__getattr__') return [];
  const param = params[0] as string;
  const callee = (owner: string): string => (owner.endsWith('.__init__') ? owner.slice(0, -'.__init__'.length) : owner);
  const newParam = target && /^\w+$/.test(target) && target !== param ? target : null;
  return owners.map((owner) => ({
    ...base,
    kind: 'signature-changed' as const,
    old: `${callee(owner)}(${param})`,
    new: newParam ? `${callee(owner)}(${newParam})` : null,
    pure: false,
  }));
}

/**
 * The package trees of a mirrored repository at its release tags (every second minor release from the library's
 * first covered one), unpacked with `git archive` into a scratch folder outside the checkout and mined like an
 * installed release: the deprecation warnings of the releases between the ones Debian ships. The folder gets an
 * empty `<pkg>-<version>.dist-info` so that the release is known; `label` says where the tree came from.
 */
function tagTrees(mirrors: string[], scratch: string): { site: string; label: string }[] {
  const trees: { site: string; label: string }[] = [];
  const layouts: Record<string, { pkg: string; library: ApiLibrary }> = {
    'numpy/numpy': { pkg: 'numpy', library: 'numpy' },
    'scipy/scipy': { pkg: 'scipy', library: 'scipy' },
  };
  for (const gitDir of mirrors) {
    const repo = remoteOf(gitDir);
    const layout = repo ? layouts[repo] : undefined;
    if (!repo || !layout) continue;
    const min = SPECS[layout.library].minVersion;
    const tags = git(gitDir, 'tag', '--list', 'v*.*.0')
      .split('\n')
      .map((t) => /^v(\d+\.\d+)\.0$/.exec(t.trim()))
      .filter((m): m is RegExpExecArray => m !== null && compareVersions(m[1] as string, min) >= 0)
      .map((m) => m[1] as string)
      .sort(compareVersions)
      .filter((_, k) => k % 2 === 0);
    for (const version of tags) {
      const site = path.join(scratch, repo.replace('/', '+'), version);
      if (!fs.existsSync(path.join(site, layout.pkg))) {
        fs.mkdirSync(site, { recursive: true });
        const archive = execFileSync('git', ['--git-dir', gitDir, 'archive', `v${version}.0`, layout.pkg], {
          maxBuffer: 512 * 1024 * 1024,
        });
        execFileSync('tar', ['-x', '-C', site], { input: archive });
        fs.mkdirSync(path.join(site, `${layout.pkg}-${version}.0.dist-info`), { recursive: true });
      }
      trees.push({ site, label: `git tag v${version}.0 of github.com/${repo}` });
    }
  }
  return trees;
}

function minedRows(
  sitePackages: string[],
  labels: ReadonlyMap<string, string> = new Map(),
): { rows: ApiChange[]; sources: Map<ApiLibrary, string[]> } {
  const rows: ApiChange[] = [];
  const sources = new Map<ApiLibrary, string[]>();
  for (const site of sitePackages) {
    for (const spec of MINED_PACKAGES) {
      if (!fs.existsSync(path.join(site, spec.pkg))) continue;
      const version = installedVersion(site, spec.pkg, spec.dist);
      if (!version) continue;
      let mined: Mined[];
      try {
        mined = JSON.parse(
          execFileSync('python3', ['-c', MINER, site, spec.pkg], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }),
        ) as Mined[];
      } catch (error) {
        console.warn(`[extract] mining ${spec.pkg} in ${site} failed: ${(error as Error).message.split('\n')[0]}`);
        continue;
      }
      const list = sources.get(spec.library) ?? [];
      list.push(`${spec.pkg} ${version} source (${labels.get(site) ?? site})`);
      sources.set(spec.library, list);
      const qualify = SPECS[spec.library].qualify;
      // a deprecated class's own methods (scipy 1.3's frechet_l_gen.pdf, .cdf …) are the class's deprecation, one row
      const deprecatedClasses = new Set(
        mined.filter((m) => m.kind === 'deprecated' && !m.name.includes('.')).map((m) => `${m.module}.${m.name}`),
      );
      for (const m of mined) {
        const owner = m.name.includes('.') ? `${m.module}.${m.name.slice(0, m.name.lastIndexOf('.'))}` : null;
        if (owner && deprecatedClasses.has(owner)) continue;
        const link = `https://github.com/${spec.repo}/blob/${spec.tag(version)}/${spec.srcPrefix}${m.file}#L${m.line}`;
        const public_ = m.module
          .split('.')
          .filter((p) => !p.startsWith('_'))
          .join('.');
        const oldBase = `${m.module}.${m.name}`;
        if (m.name.split('.').some((p) => p.startsWith('_'))) continue;
        if (m.kind === 'expired') {
          const target = replacementInMessage(m.message ?? '');
          const newQ = target
            ? target.startsWith('np.')
              ? `numpy.${target.slice(3)}`
              : target.includes('.') || !/^[a-z]/.test(target)
                ? target
                : null
            : null;
          rows.push({
            library: spec.library,
            version: '2.0.0',
            date: '2024-06-16',
            kind: newQ ? kindOf(`numpy.${m.name}`, newQ) : 'removed',
            old: `numpy.${m.name}`,
            new: newQ && /^[A-Za-z_][\w.]*$/.test(newQ) ? newQ : null,
            note: `AttributeError message: ${m.message ?? ''}`.slice(0, 300),
            link,
            removedIn: '2.0.0',
            origin: 'source',
            pure: /^Use `np\.\w+` instead\.$/.test(m.message ?? '') || /still available as/.test(m.message ?? ''),
          });
          continue;
        }
        if (m.kind === 'former') {
          // "`np.float` was a deprecated alias for the builtin `float` … use `float` by itself. Doing this will not
          // modify any behavior and is safe." (removed in 1.24, the message of numpy 2's __getattr__)
          rows.push({
            library: spec.library,
            version: '1.24.0',
            date: '2022-12-18',
            kind: 'moved',
            old: `numpy.${m.name}`,
            new: m.name,
            note: `AttributeError message: ${(m.message ?? '').replace(/\s+/g, ' ')}`.slice(0, 300),
            link,
            removedIn: '1.24.0',
            origin: 'source',
            pure: /will not modify any behavior/.test(m.message ?? ''),
          });
          continue;
        }
        if (m.kind === 'rename-param') {
          rows.push({
            library: spec.library,
            version: m.since ?? version,
            date: null,
            kind: 'signature-changed',
            old: `${public_ || m.module}.${m.name}(${m.old})`,
            new: m.new ? `${public_ || m.module}.${m.name}(${m.new})` : null,
            note: `deprecation decorator in ${spec.pkg} ${version}: parameter ${m.old} renamed${m.new ? ` to ${m.new}` : ''}`,
            link,
            removedIn: null,
            origin: 'source',
            pure: m.new !== null && m.new !== undefined,
          });
          continue;
        }
        if (m.kind === 'warn') {
          rows.push(...warnedRows(m, spec.library, qualify, version, link, `${spec.pkg} ${version}`));
          continue;
        }
        const message = [m.message, m.alternative ? `alternative: ${m.alternative}` : ''].filter(Boolean).join(' ');
        let target = m.alternative ?? replacementInMessage(m.message ?? '');
        if (target && /\s|\(/.test(target)) target = null;
        // a bare alternative is a sibling in the same module or class
        // the public spelling of the old name: names defined in private modules are used through public ones
        const oldQ = m.owners?.[0] ?? (public_ ? `${public_}.${m.name}` : oldBase);
        if (target && !/^[A-Za-z_][\w.]*$/.test(target)) target = null;
        const newQ = target
          ? target.includes('.')
            ? (qualify(target) ?? target)
            : `${oldQ.slice(0, oldQ.lastIndexOf('.'))}.${target}`
          : null;
        // the name exists in the release it was mined from: a deprecation, not a removal (promoteGone decides later)
        rows.push({
          library: spec.library,
          version: m.since ?? version,
          date: null,
          kind: 'deprecated',
          old: oldQ,
          new: newQ,
          note: `deprecation message in ${spec.pkg} ${version}: ${message}`.slice(0, 300),
          link,
          removedIn: m.removal ?? removalVersion(message),
          origin: 'source',
          pure: /\b(renamed|moved) to\b/.test(message),
        });
      }
    }
  }
  return { rows, sources };
}

// ---------------------------------------------------------------------------------------------- post-processing
/**
 * NumPy 2's migration guide keeps its removals in rst simple tables ("removed member | migration guideline",
 * "expired member …"): one row per member, its replacement from "Use ``np.x`` instead" (not pure: the guide says
 * use, not renamed) or "It's still available as ``np.x``" / "Now it's available under ``np.x``" (pure: the same
 * object elsewhere).
 */
export function migrationTableRows(
  file: Pick<ChangelogFile, 'text' | 'version' | 'date' | 'link'>,
): Omit<ApiChange, 'library' | 'origin'>[] {
  const rows: Omit<ApiChange, 'library' | 'origin'>[] = [];
  const lines = file.text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const header = /^(removed|expired) member\s{2,}migration guideline/.exec(lines[i] as string);
    if (!header) continue;
    let j = i + 2; // past the header and its rule line
    while (j < lines.length && !/^=+\s+=+\s*$/.test(lines[j] as string)) {
      const m =
        /^([A-Za-z_][\w\\]*)\s{2,}(.*)$/.exec(lines[j] as string) ?? /^([A-Za-z_][\w\\]*)\s*$/.exec(lines[j] as string);
      if (!m) {
        j++;
        continue;
      }
      const line = j + 1;
      let guideline = (m[2] ?? '').trim();
      for (j++; j < lines.length && /^\s{10,}\S/.test(lines[j] as string); j++)
        guideline += ` ${(lines[j] as string).trim()}`;
      const name = (m[1] as string).replace(/\\/g, '');
      const old = `numpy.${name}`;
      const target =
        /(?:still available as|available under|^Use)\s+``(?:np\.|numpy\.)([\w.]+)``(?:\s+instead)?\.?$/i.exec(
          guideline,
        );
      const pure = /still available as|available under/i.test(guideline);
      const newName = target ? `numpy.${target[1]}` : null;
      if (!isPublicName(old)) continue;
      rows.push({
        version: file.version,
        date: file.date ?? null,
        kind: newName ? kindOf(old, newName) : 'removed',
        old,
        new: newName,
        pure: newName !== null && pure,
        note: shorten(`${header[1]} member ${name}: ${guideline}`),
        link: file.link(line),
        removedIn: file.version,
      });
    }
    i = j;
  }
  return rows;
}

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

/**
 * The start of the Python programs that ask a stack about dotted names: `resolve(name)` imports the longest
 * importable module prefix of the name and follows the rest as attributes; MISSING when that fails.
 */
const RESOLVE_PY = String.raw`
import importlib, json, sys, warnings
warnings.simplefilter('ignore')
MISSING = object()
def resolve(name):
    parts = name.split('.')
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module('.'.join(parts[:cut]))
        except Exception:
            continue
        try:
            for p in parts[cut:]:
                obj = getattr(obj, p)
            return obj
        except Exception:
            return MISSING
    return MISSING`;

/**
 * Which old names still resolve in today's stack (a deprecated name that no longer does was removed; a "removed"
 * one that still does is an extraction mistake or a reinstated name). One Python run, the names on stdin.
 */
function probeToday(python: string, names: string[]): Map<string, boolean> | null {
  const program = String.raw`${RESOLVE_PY}
out = {}
for name in json.load(sys.stdin):
    out[name] = resolve(name) is not MISSING
print(json.dumps(out))
`;
  try {
    const result = execFileSync(python, ['-c', program], {
      input: JSON.stringify(names),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: 600_000,
    });
    return new Map(Object.entries(JSON.parse(result.trim().split('\n').at(-1) as string) as Record<string, boolean>));
  } catch (error) {
    console.warn(
      `[extract] probing today's stack failed (${(error as Error).message.split('\n')[0]}): deprecated rows stay deprecated`,
    );
    return null;
  }
}

/**
 * Whether a module-level rename is the same object under two names, asked of an older stack that still has both
 * (Debian bookworm's 2023 stack: numpy 1.24, pandas 1.5, scikit-learn 1.2, scipy 1.10, matplotlib 3.6). `old is new`
 * there proves an alias, whatever the entry's wording ("use `np.float64` instead" for `np.float_`); two different
 * objects make a replacement that a message or "use X instead" named not pure (`np.recfromtxt` is not
 * `np.genfromtxt`: it returned a record array). A changelog's "renamed to" stays as it says (a deprecated
 * subclass that warns is not identical, yet the same computation).
 */
function proveAliases(rows: ApiChange[], python: string | null): { same: number; different: number } {
  if (!python || !fs.existsSync(python)) return { same: 0, different: 0 };
  const candidates = rows.filter(
    (r) =>
      (r.kind === 'renamed' || r.kind === 'moved' || r.kind === 'deprecated') &&
      r.new !== null &&
      r.library !== 'python' &&
      /^[A-Za-z_][\w.]*$/.test(r.new) &&
      !r.old.includes('(') &&
      ![r.old, r.new].some((n) =>
        n
          .split('.')
          .slice(0, -1)
          .some((p) => /^[A-Z]/.test(p)),
      ),
  );
  const program = String.raw`${RESOLVE_PY}
def get(name):
    obj = resolve(name)
    return None if obj is MISSING else obj
out = {}
for old, new in json.load(sys.stdin):
    a, b = get(old), get(new)
    out[old + ' ' + new] = None if a is None or b is None else (a is b)
print(json.dumps(out))
`;
  let answers: Record<string, boolean | null>;
  try {
    const pairs = [...new Set(candidates.map((r) => `${r.old} ${r.new}`))].map((k) => k.split(' '));
    const result = execFileSync(python, ['-c', program], {
      input: JSON.stringify(pairs),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: 600_000,
    });
    answers = JSON.parse(result.trim().split('\n').at(-1) as string) as Record<string, boolean | null>;
  } catch (error) {
    console.warn(`[extract] probing the era stack failed (${(error as Error).message.split('\n')[0]})`);
    return { same: 0, different: 0 };
  }
  let same = 0;
  let different = 0;
  for (const row of candidates) {
    // a member whose release code only warned and delegated is proven already (warnedRows); its function objects
    // differ by construction
    if (row.note.startsWith('deprecation warning in')) continue;
    const answer = answers[`${row.old} ${row.new}`];
    if (answer === true && row.pure !== true) {
      row.pure = true;
      row.note = shorten(`${row.note} [the same object in the era stack: an alias]`);
      same++;
    } else if (answer === false && row.pure === true && !/\b(?:renamed|moved)\b/i.test(row.note)) {
      row.pure = false;
      row.note = shorten(`${row.note} [a different object in the era stack: not an alias]`);
      different++;
    }
  }
  return { same, different };
}

/** Deprecated names gone from today's stack become removals (their removal release: the one the entry names). */
function promoteGone(rows: ApiChange[], python: string | null): { promoted: number; stillThere: number } {
  if (!python || !fs.existsSync(python)) return { promoted: 0, stillThere: 0 };
  // only modules and module-level names: an instance attribute (``coef_``) is never on its class, so a member's
  // absence there proves nothing
  const member = (r: ApiChange): boolean =>
    r.old
      .split('.')
      .slice(0, -1)
      .some((p) => /^[A-Z]/.test(p));
  const candidates = rows.filter(
    (r) =>
      (r.kind === 'deprecated' || r.kind === 'removed' || r.kind === 'renamed' || r.kind === 'moved') &&
      r.library !== 'python' &&
      !r.old.includes('('),
  );
  const gone = probeToday(python, [...new Set(candidates.map((r) => r.old))]);
  if (!gone) return { promoted: 0, stillThere: 0 };
  let promoted = 0;
  let stillThere = 0;
  for (const row of candidates) {
    const present = gone.get(row.old);
    if (present === undefined) continue;
    // a name today's stack still has is nothing to repair there (reinstated, kept as an alias, or an entry about a
    // new feature "now available in …"): a deprecation at most. A member found on its class is there; one not
    // found may be an instance attribute, so absence proves nothing for members.
    if (row.kind !== 'deprecated' && present) {
      row.kind = 'deprecated';
      row.note = shorten(`${row.note} [still resolves in today's stack]`);
      stillThere++;
      continue;
    }
    if (member(row)) continue;
    if (row.kind === 'deprecated' && !present) {
      row.kind = row.new ? kindOf(row.old, row.new) : 'removed';
      row.note = shorten(`${row.note} [deprecated in ${row.version}; absent from today's stack]`);
      if (row.removedIn) row.version = row.removedIn;
      promoted++;
    }
  }
  return { promoted, stillThere };
}

// ---------------------------------------------------------------------------------------------- main
function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const byLibrary = new Map<ApiLibrary, { rows: ApiChange[]; sources: string[] }>();
  const bucket = (library: ApiLibrary): { rows: ApiChange[]; sources: string[] } => {
    let b = byLibrary.get(library);
    if (!b) byLibrary.set(library, (b = { rows: [], sources: [] }));
    return b;
  };
  const changelogs: { library: ApiLibrary; files: ChangelogFile[]; source: string }[] = [];
  for (const dir of args.mirrors) {
    const found = mirrorChangelogs(dir);
    if (found) changelogs.push(found);
  }
  if (args.docs)
    for (const found of docChangelogs(args.docs))
      if (!changelogs.some((c) => c.library === found.library)) changelogs.push(found);

  for (const { library, files, source } of changelogs) {
    const spec = SPECS[library];
    const b = bucket(library);
    b.sources.push(source);
    for (const file of files) {
      if (compareVersions(file.version, spec.minVersion) < 0) continue;
      if (file.repoPath.endsWith('numpy_2_0_migration_guide.rst'))
        for (const row of migrationTableRows(file)) b.rows.push({ library, origin: 'changelog', ...row });
      const entries = file.format === 'html' ? htmlEntries(file) : rstEntries(file);
      for (const entry of entries) {
        const link =
          file.format === 'html' ? `${file.link(0)}${entry.anchor ? `#${entry.anchor}` : ''}` : file.link(entry.line);
        for (const row of rowsOfEntry(spec, entry, link)) b.rows.push({ library, origin: 'changelog', ...row });
      }
    }
  }
  if (args.docs) {
    const py = pythonRows(args.docs);
    if (py) {
      const b = bucket('python');
      b.sources.push(py.source);
      b.rows.push(...py.rows);
    }
  }
  const trees = args.tags ? tagTrees(args.mirrors, path.join(os.tmpdir(), 'nbrevive-api-tags')) : [];
  const mined = minedRows(
    [...trees.map((t) => t.site), ...args.sitePackages],
    new Map(trees.map((t) => [t.site, t.label])),
  );
  for (const row of mined.rows) bucket(row.library).rows.push(row);
  for (const [library, list] of mined.sources) bucket(library).sources.push(...list);

  const allRows = [...byLibrary.values()].flatMap((b) => b.rows);
  fillReplacements(allRows);
  const identity = proveAliases(allRows, args.era);
  console.log(
    `[extract] era stack (${args.era ?? 'absent'}): ${identity.same} renames proven aliases there (the same object), ${identity.different} "use X instead" / message renames are different objects (not pure)`,
  );
  const probe = promoteGone(allRows, args.today);
  console.log(
    `[extract] today's stack (${args.today ?? 'absent'}): ${probe.promoted} deprecated names are gone there (now removals); ${probe.stillThere} removed/renamed/moved names still resolve there (now deprecations)`,
  );
  fillReplacements(allRows);

  fs.mkdirSync(args.out, { recursive: true });
  for (const library of API_LIBRARIES) {
    const b = byLibrary.get(library);
    if (!b) {
      console.warn(`[extract] ${library}: no source found (give --mirror or --docs); its table is left as it is`);
      continue;
    }
    const rows = dedupe(b.rows);
    const file: ApiChangeFile = { library, sources: b.sources, generatedBy: 'tools/extract-api-changes.ts', rows };
    fs.writeFileSync(
      path.join(args.out, `${library}.json`),
      `${JSON.stringify(file, null, 0).replace(/\},\{"library"/g, '},\n{"library"')}\n`,
    );
    const kinds = new Map<string, number>();
    for (const row of rows) kinds.set(row.kind, (kinds.get(row.kind) ?? 0) + 1);
    console.log(`[extract] ${library}: ${rows.length} rows (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')})`);
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

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('extract-api-changes.ts')) main();
