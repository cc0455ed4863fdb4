// The deprecation-message miner: runs MINER over installed (or git-archived) releases and turns what it finds
// (decorators, warnings, NumPy 2's expired attributes) into table rows.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { ApiChange, ApiLibrary } from '../../main/core/fixers/api-changes/types';
import { compareVersions } from '../../main/core/fixers/rules/version';
import { git, remoteOf } from './git';
import { isPublicName, kindOf, removalVersion } from './heuristics';
import { MINER } from './miner-program';
import { SPECS } from './names';

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
export function tagTrees(mirrors: string[], scratch: string): { site: string; label: string }[] {
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

export function minedRows(
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
      rows.push(...releaseRows(spec, version, mined));
    }
  }
  return { rows, sources };
}

/** The rows of what MINER found in one release of a package. */
function releaseRows(spec: MinedPackage, version: string, mined: Mined[]): ApiChange[] {
  const rows: ApiChange[] = [];
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
    if (m.name.split('.').some((p) => p.startsWith('_'))) continue;
    if (m.kind === 'expired') rows.push(expiredRow(spec, m, link));
    else if (m.kind === 'former') rows.push(formerRow(spec, m, link));
    else if (m.kind === 'rename-param') rows.push(renamedParameterRow(spec, version, m, link, public_));
    else if (m.kind === 'warn')
      rows.push(...warnedRows(m, spec.library, qualify, version, link, `${spec.pkg} ${version}`));
    else rows.push(deprecatedRow(spec, version, m, link, public_));
  }
  return rows;
}

/** NumPy 2's expired attribute: its AttributeError message, with the replacement it names. */
function expiredRow(spec: MinedPackage, m: Mined, link: string): ApiChange {
  const target = replacementInMessage(m.message ?? '');
  const newQ = target
    ? target.startsWith('np.')
      ? `numpy.${target.slice(3)}`
      : target.includes('.') || !/^[a-z]/.test(target)
        ? target
        : null
    : null;
  return {
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
  };
}

/**
 * "`np.float` was a deprecated alias for the builtin `float` … use `float` by itself. Doing this will not modify any
 * behavior and is safe." (removed in 1.24, the message of numpy 2's __getattr__)
 */
function formerRow(spec: MinedPackage, m: Mined, link: string): ApiChange {
  return {
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
  };
}

/** A parameter renamed by a decorator (`rename_parameter`, `deprecate_kwarg`). */
function renamedParameterRow(spec: MinedPackage, version: string, m: Mined, link: string, public_: string): ApiChange {
  return {
    library: spec.library,
    version: m.since ?? version,
    date: null,
    kind: 'signature-changed',
    old: `${public_ || m.module}.${m.name}(${m.old})`,
    new: m.new ? `${public_ || m.module}.${m.name}(${m.new})` : null,
    note:
      `deprecation decorator in ${spec.pkg} ${version}: parameter ${m.old} ` + `renamed${m.new ? ` to ${m.new}` : ''}`,
    link,
    removedIn: null,
    origin: 'source',
    pure: m.new !== null && m.new !== undefined,
  };
}

/** A name a deprecation decorator marks, with the alternative it or its message names. */
function deprecatedRow(spec: MinedPackage, version: string, m: Mined, link: string, public_: string): ApiChange {
  const qualify = SPECS[spec.library].qualify;
  const oldBase = `${m.module}.${m.name}`;
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
  return {
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
  };
}
