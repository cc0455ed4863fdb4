// The snippets `nbrevive rules --coverage` runs the rules engine on: for one row of the API-change table, the smallest
// source that uses the old name the way notebooks do (an import, an attribute, a call, a keyword), with the error the
// library raises for it today, and a test of whether a repaired source uses the replacement.
import type { CellError } from '../../../../shared/models/execution';
import { classMember, isDottedName, type ApiChange } from './table';

/** Local names the snippets import libraries as, the way notebooks do. */
const ALIASES: [string, string][] = [
  ['matplotlib.pyplot', 'plt'],
  ['numpy', 'np'],
  ['pandas', 'pd'],
  ['seaborn', 'sns'],
  ['statsmodels.api', 'sm'],
];

const split = (qualified: string): [string, string] => {
  const dot = qualified.lastIndexOf('.');
  return [qualified.slice(0, dot), qualified.slice(dot + 1)];
};

function error(ename: string, evalue: string, line: string): CellError {
  return { cellIndex: 0, cellId: null, ename, evalue, traceback: [], line, preExisting: false };
}

export interface Snippet {
  source: string;
  error: CellError;
  /** does the repaired source use the replacement? */
  uses(source: string): boolean;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Public re-exports: the same objects under a shorter path (`scipy.stats` imports every distribution of
 * `scipy.stats.distributions`), so a changelog's `stats.distributions.chi2.sf` is reached as `stats.chi2.sf`.
 */
const REEXPORTS: [string, string][] = [['scipy.stats.distributions.', 'scipy.stats.']];

/** Does the source refer to `qualified` (imported from its module, dotted, or through a usual alias)? */
export function refersTo(source: string, qualified: string): boolean {
  for (const [long, short] of REEXPORTS)
    if (qualified.startsWith(long) && refersTo(source, short + qualified.slice(long.length))) return true;
  // an object imported from a module and used by its attribute (`from scipy.stats import chi2` … `chi2.sf`), or
  // a module imported under a name of the notebook's (`import scipy.stats as st` … `st.chi2.sf`)
  const parts = qualified.split('.');
  for (let k = parts.length - 1; k >= 1; k--) {
    const parent = parts.slice(0, k).join('.');
    const rest = parts.slice(k).join('.');
    const head = parts[k] as string;
    const used = (prefix: string): boolean => new RegExp(`(?<![\\w.])${escape(prefix)}\\b`).test(source);
    if (
      k < parts.length - 1 &&
      new RegExp(`from\\s+${escape(parent)}\\s+import\\s+[^\\n]*\\b${escape(head)}\\b`).test(source) &&
      used(rest)
    )
      return true;
    const alias = new RegExp(`^\\s*import\\s+${escape(parent)}\\s+as\\s+(\\w+)`, 'm').exec(source)?.[1];
    if (alias && used(`${alias}.${rest}`)) return true;
  }
  const [module, name] = split(qualified);
  if (new RegExp(`\\b${escape(qualified)}\\b`).test(source)) return true;
  // `from m import new as old` keeps the old name only as the local alias of the new object
  if (
    module &&
    new RegExp(`from\\s+${escape(module)}\\s+import\\s+[^\\n]*(?<!\\bas\\s+)\\b${escape(name)}\\b`).test(source)
  )
    return true;
  for (const [target, alias] of ALIASES) {
    if (
      qualified.startsWith(`${target}.`) &&
      new RegExp(`\\b${alias}\\.${escape(qualified.slice(target.length + 1))}\\b`).test(source)
    )
      return true;
  }
  return false;
}

/** The minimal snippet that uses a row's old name, with the error the library raises for it; null = out of scope. */
export function snippetFor(row: ApiChange): Snippet | { outOfScope: string } {
  if (row.kind === 'default-changed')
    return { outOfScope: 'default changed: behaviour only (score calibration pins old defaults when a score drifts)' };
  if (row.kind === 'signature-changed') return signatureSnippet(row);
  if (!row.new) return { outOfScope: 'removed without a named replacement' };
  if (!isDottedName(row.new)) return { outOfScope: 'replacement is an expression, not a name' };
  const newName = row.new;
  const [module, name] = split(row.old);
  if (!row.new.includes('.')) {
    // numpy's aliases of builtins (`np.float` → `float`): the repaired source uses the builtin, not the old name
    const alias = ALIASES.find(([target]) => target === module);
    if (!PY_BUILTINS.has(row.new) || !alias) return { outOfScope: 'replacement is a builtin or bare name' };
    const source = `import ${alias[0]} as ${alias[1]}\nvalue = ${alias[1]}.${name}\n`;
    return {
      source,
      error: error('AttributeError', `module '${alias[0]}' has no attribute '${name}'`, `value = ${alias[1]}.${name}`),
      uses: (s) => new RegExp(`(?<![\\w.])${escape(newName)}\\b`).test(s) && !refersTo(s, row.old),
    };
  }
  return movedNameSnippet(row, newName, module, name);
}

/** A renamed keyword (`f(old)` → `f(new)`): the call with the old keyword and Python's TypeError for it. */
function signatureSnippet(row: ApiChange): Snippet | { outOfScope: string } {
  const m = /^([\w.]+)\((\w+)\)$/.exec(row.old);
  const n = row.new ? /^([\w.]+)\((\w+)\)$/.exec(row.new) : null;
  if (!m) return { outOfScope: 'signature change not of the form f(param)' };
  if (!n) return { outOfScope: 'parameter removed, no named replacement (dropping it could change results)' };
  const [module, name] = split(m[1] as string);
  if (!module) return { outOfScope: 'signature change not of the form f(param)' };
  const uses = (s: string): boolean => new RegExp(`\\b${escape(n[2] as string)}=`).test(s);
  if (/(^|\.)[A-Z]/.test(module)) {
    // a method: called on an object of unknown type; Python's message names `Class.method()` (3.10+)
    const cls = module.slice(module.lastIndexOf('.') + 1);
    const source = `obj.${name}(${m[2]}=1)\n`;
    return {
      source,
      error: error('TypeError', `${cls}.${name}() got an unexpected keyword argument '${m[2]}'`, source.trim()),
      uses,
    };
  }
  const source = `from ${module} import ${name}\n${name}(${m[2]}=1)\n`;
  const fn = /^[A-Z]/.test(name) ? `${name}.__init__` : name;
  return {
    source,
    error: error('TypeError', `${fn}() got an unexpected keyword argument '${m[2]}'`, `${name}(${m[2]}=1)`),
    uses,
  };
}

/** A removed, renamed or moved name with a dotted replacement: its usual use and the error for it. */
function movedNameSnippet(
  row: ApiChange,
  newName: string,
  module: string,
  name: string,
): Snippet | { outOfScope: string } {
  const member = classMember(row.old);
  if (member) {
    // a method or attribute of a class: the runtime's AttributeError names the object's type, the source does not
    const now = classMember(newName);
    if (!now || now.cls !== member.cls)
      return { outOfScope: "method or attribute of a class moved elsewhere (needs the object's type)" };
    const top = row.old.split('.')[0] as string;
    const source = `import ${top}\nvalue = obj.${member.member}\n`;
    return {
      source,
      error: error(
        'AttributeError',
        `'${member.className}' object has no attribute '${member.member}'`,
        `value = obj.${member.member}`,
      ),
      uses: (s) => new RegExp(`\\bobj\\.${escape(now.member)}\\b`).test(s),
    };
  }
  if (!module) {
    // a top-level module (Python's removed modules)
    return {
      source: `import ${row.old}\n`,
      error: error('ModuleNotFoundError', `No module named '${row.old}'`, `import ${row.old}`),
      uses: (s) => refersTo(s, newName) || new RegExp(`import\\s+${escape(newName)}\\b`).test(s),
    };
  }
  if (/(^|\.)[A-Z]/.test(module)) return { outOfScope: "attribute of a nested class member (needs the object's type)" };
  const alias = ALIASES.find(([target]) => target === module);
  if (alias) {
    const [target, local] = alias;
    const source = `import ${target} as ${local}\nvalue = ${local}.${name}\n`;
    const evalue =
      row.library === 'numpy' && row.origin === 'source' && row.note.startsWith('AttributeError message: ')
        ? `\`np.${name}\` was removed in the NumPy 2.0 release. ${row.note.slice('AttributeError message: '.length)}`
        : `module '${target}' has no attribute '${name}'`;
    return {
      source,
      error: error('AttributeError', evalue, `value = ${local}.${name}`),
      uses: (s) => refersTo(s, newName),
    };
  }
  const source = `from ${module} import ${name}\n`;
  return {
    source,
    error: error('ImportError', `cannot import name '${name}' from '${module}' (unknown location)`, source.trim()),
    uses: (s) => refersTo(s, newName),
  };
}

/** Python's builtins that numpy's removed aliases name as their replacement (`np.float` → `float`). */
const PY_BUILTINS = new Set(['bool', 'int', 'float', 'complex', 'object', 'str', 'bytes', 'long', 'unicode']);

/**
 * Snippets that use a removed name in the usual ways (an attribute, a call, a subscript; an import), for rows whose
 * changelog names no replacement: a hand-written rule may still repair such a removal with an expression
 * (`df.as_matrix()` → `df.values`, `np.asscalar(a)` → `a.item()`). Handled when a rule changed the snippet so that
 * it no longer uses the old name.
 */
export function removalSnippets(row: ApiChange): Snippet[] {
  if (row.kind !== 'removed' || row.new !== null || row.library === 'python') return [];
  const [module, name] = split(row.old);
  const member = classMember(row.old);
  if (member) {
    const top = row.old.split('.')[0] as string;
    const evalue = `'${member.className}' object has no attribute '${member.member}'`;
    // gone from the object (`s.nonzero()` → `s.to_numpy().nonzero()` calls numpy's, not the removed member)
    const gone = (s: string): boolean => !new RegExp(`\\bobj\\.${escape(member.member)}\\b`).test(s);
    // a method is usually called with arguments (`s.clip_lower(0)`, `idx.contains(k)`, `df.get_value(i, c)`)
    return [
      `obj.${member.member}`,
      `obj.${member.member}()`,
      `obj.${member.member}(data)`,
      `obj.${member.member}(data, 2)`,
      `obj.${member.member}(data, 2, 3)`,
      `obj.${member.member}[0]`,
    ].map((use) => ({
      source: `import ${top}\nvalue = ${use}\n`,
      error: error('AttributeError', evalue, `value = ${use}`),
      uses: gone,
    }));
  }
  if (!module || /(^|\.)[A-Z]/.test(module)) return [];
  const gone = (s: string): boolean => !refersTo(s, row.old);
  const alias = ALIASES.find(([target]) => target === module);
  const snippets: Snippet[] = [];
  if (alias) {
    const [target, local] = alias;
    // a table of the module is subscripted, and called (`np.cast[t](x)`, `np.nbytes[t]`)
    for (const use of [
      `${local}.${name}`,
      `${local}.${name}(data)`,
      `${local}.${name}[data]`,
      `${local}.${name}[data](data)`,
    ])
      snippets.push({
        source: `import ${target} as ${local}\nvalue = ${use}\n`,
        error: error('AttributeError', `module '${target}' has no attribute '${name}'`, `value = ${use}`),
        uses: gone,
      });
  }
  snippets.push({
    source: `from ${module} import ${name}\n`,
    error: error(
      'ImportError',
      `cannot import name '${name}' from '${module}' (unknown location)`,
      `from ${module} import ${name}`,
    ),
    uses: gone,
  });
  return snippets;
}

/**
 * The snippet of a moved or renamed function, with the name called: a module's function (`from M import f` +
 * `value = f(data)`, or `np.f(data)` through the usual alias) or a method renamed within its class (`obj.m(data)`),
 * with one to four arguments (a method also with none): a rule that rewrites calls (stats.chisqprob(x, df) →
 * stats.chi2.sf(x, df), df.as_matrix() → df.values) repairs what a bare import or attribute does not show. Handled
 * when the repaired source no longer calls the old name and uses the new one; none for modules and builtins.
 */
export function callSnippets(row: ApiChange, snippet: Snippet): Snippet[] {
  if (row.kind === 'signature-changed' || !row.new) return [];
  const [module, name] = split(row.old);
  const member = classMember(row.old);
  const alias = ALIASES.find(([target]) => target === module);
  let head: string;
  let callee: string;
  // rules rewrite only calls of the old signature's arity: one to four positional arguments are tried
  let argLists = ['data', 'data, 2', 'data, 2, 3', 'data, 2, 3, 4'];
  if (member) {
    head = `import ${row.old.split('.')[0] as string}\n`;
    callee = `obj.${member.member}`;
    argLists = ['', ...argLists];
  } else if (module && snippet.source.startsWith(`from ${module} import ${name}\n`)) {
    head = snippet.source;
    callee = name;
  } else if (alias) {
    head = `import ${alias[0]} as ${alias[1]}\n`;
    callee = `${alias[1]}.${name}`;
  } else return [];
  // the snippet must be the attribute use this call stands for (not an import of a module, say)
  if (!snippet.source.startsWith(head) || (head !== snippet.source && snippet.source !== `${head}value = ${callee}\n`))
    return [];
  const called = new RegExp(`(?<![\\w.])${escape(callee)}\\(`);
  return argLists.map((args) => {
    const line = `value = ${callee}(${args})`;
    return {
      source: `${head}${line}\n`,
      error: head === snippet.source ? snippet.error : { ...snippet.error, line },
      uses: (s: string) => snippet.uses(s) && !called.test(s),
    };
  });
}
