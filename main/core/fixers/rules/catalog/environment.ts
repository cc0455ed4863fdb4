// Environment-only lines (rule kind `environment`): magics and imports that only decorate a notebook (the
// watermark of versions, a timer, a code formatter, a browser notification, interactive widgets) and fail where
// their package is missing today. When the run's error shows the package is missing, the lines are commented out
// with a `# nbrevive:` note; their output was never part of the notebook's results. Never for imports whose names
// the notebook uses for anything but decoration: one such use anywhere leaves every line alone.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../python-parser';
import { defineRule, type CellContext, type NotebookView, type Rule } from '../rule';
import { insertAt, type SourceEdit } from '../source-edit';
import { lineStart } from '../syntax';

/** Lines [start, end) commented out, `note` appended to the last one; null when the range shares a line with other code. */
function commentOut(source: string, start: number, end: number, note: string): SourceEdit[] | null {
  const first = lineStart(source, start);
  if (source.slice(first, start).trim() !== '') return null;
  const eol = source.indexOf('\n', end);
  const last = eol === -1 ? source.length : eol;
  const tail = source.slice(end, last).trim();
  if (tail !== '' && !tail.startsWith('#')) return null;
  const edits: SourceEdit[] = [];
  for (let at = first; at < last;) {
    const next = source.indexOf('\n', at);
    const lineEnd = next === -1 || next > last ? last : next;
    const indent = /^[ \t]*/.exec(source.slice(at, lineEnd))?.[0].length ?? 0;
    if (at + indent < lineEnd) edits.push(insertAt(at + indent, '# '));
    at = lineEnd + 1;
  }
  edits.push(insertAt(last, `  ${note}`));
  return edits;
}

// ---------- IPython extensions that only decorate

interface Extension {
  /** line or cell magics it provides (without %) */
  magics: readonly string[];
  /** what it adds to a notebook, for the note */
  does: string;
}

const EXTENSIONS: Record<string, Extension> = {
  watermark: { magics: ['watermark'], does: 'prints versions, dates and the machine it ran on' },
  version_information: { magics: ['version_information'], does: 'prints the versions of the packages' },
  autotime: { magics: [], does: 'prints the time each cell took' },
  nb_black: { magics: [], does: 'reformats the cells' },
  lab_black: { magics: [], does: 'reformats the cells' },
  jupyter_black: { magics: [], does: 'reformats the cells' },
  jupyternotify: { magics: ['notify', 'autonotify'], does: 'sends a browser notification when a cell finishes' },
};
const EXTENSION_NAMES = Object.keys(EXTENSIONS).join('|');
const MISSING_EXTENSION = new RegExp(`^No module named '(${EXTENSION_NAMES})'`);
const EXTENSION_MAGICS = Object.entries(EXTENSIONS).flatMap(([name, ext]) =>
  ext.magics.map((magic) => [magic, name] as const),
);
const EXTENSION_NEEDLE = new RegExp(
  `%(?:re)?load_ext\\s|%%?(?:${EXTENSION_MAGICS.map(([magic]) => magic).join('|')})\\b`,
);
/** an extension this rule disabled before: its magics cannot work either */
const DISABLED_EXTENSION = new RegExp(`^[ \\t]*# %(?:re)?load_ext\\s+(${EXTENSION_NAMES})\\s+# nbrevive:`, 'gm');

function extensionNote(name: string): string {
  return `# nbrevive: ${name} is not installed here; it only ${(EXTENSIONS[name] as Extension).does}`;
}

const decorativeExtension = defineRule({
  id: 'environment.decorative-extension',
  title: '%load_ext watermark / autotime / nb_black … and their magics, commented out when the package is missing',
  kind: 'environment',
  library: 'IPython',
  since: { package: 'python', version: '3.0' },
  explanation:
    "IPython extensions such as watermark, version_information, autotime, nb_black/lab_black/jupyter_black and jupyternotify only print versions or timings, reformat cells or notify the browser; none of them computes anything the notebook reports. Where the package is not installed, `%load_ext` raises ModuleNotFoundError and stops the cell, so the `%load_ext` line and the extension's own magics are commented out with a note (a `%%notify` cell runs its body as plain Python again).",
  trigger: { errors: [{ ename: 'ModuleNotFoundError', evalue: MISSING_EXTENSION }], pattern: true },
  errorScope: 'cell',
  needles: [EXTENSION_NEEDLE],
  prepare(notebook: NotebookView): Set<string> {
    const disabled = new Set<string>();
    for (const cellIndex of notebook.codeCells) {
      const source = notebook.source(cellIndex);
      if (!source.includes('# nbrevive:')) continue;
      for (const m of source.matchAll(DISABLED_EXTENSION)) disabled.add(m[1] as string);
    }
    return disabled;
  },
  apply(parsed, ctx) {
    const missing = new Set(ctx.state as Set<string>);
    for (const error of ctx.errors) {
      const name = MISSING_EXTENSION.exec(error.evalue)?.[1];
      if (name) missing.add(name);
    }
    if (missing.size === 0) return [];
    const edits: SourceEdit[] = [];
    for (const region of parsed.regions) {
      if (region.kind !== 'line-magic' && region.kind !== 'cell-magic') continue;
      const text = parsed.source.slice(region.start, region.end);
      const firstLine = text.split('\n')[0] as string;
      // a line magic continued by a backslash is not a single line to disable
      if (region.kind === 'line-magic' && text.includes('\n')) continue;
      let owner: string | undefined;
      const load = /^%(?:re)?load_ext\s+(\w+)\s*$/.exec(firstLine);
      if (load && region.kind === 'line-magic') owner = load[1];
      else {
        const magic = /^%%?(\w+)/.exec(firstLine)?.[1];
        owner = EXTENSION_MAGICS.find(([name]) => name === magic)?.[1];
      }
      if (!owner || !missing.has(owner)) continue;
      // a cell magic's region covers the whole cell, where no edit may go: the note goes on a line above it
      if (region.kind === 'cell-magic') {
        edits.push(insertAt(region.start, `${extensionNote(owner)}\n# `));
        continue;
      }
      const commented = commentOut(parsed.source, region.start, region.start + firstLine.length, extensionNote(owner));
      if (commented) edits.push(...commented);
    }
    return edits;
  },
});

// ---------- interactive widgets (ipywidgets, and IPython.html before IPython 4 moved them there)

const WIDGET_MODULE = /^(?:ipywidgets|IPython\.html)(?:\.\w+)*$/;
const MISSING_WIDGETS = /^No module named '(ipywidgets|IPython\.html)(?:\.[\w.]+)?'/;
const WIDGET_NOTE = '# nbrevive: widgets only decorate the notebook';
/** a widget import this rule disabled before: `# from ipywidgets import interact  # nbrevive: widgets only …` */
const DISABLED_WIDGET_IMPORT = /^[ \t]*# ((?:from|import)\s[^\n#]*?)\s+# nbrevive: widgets only decorate/gm;

interface WidgetState {
  /** names the widget imports bind (live or disabled before) */
  names: Set<string>;
  /** why the widget lines must be left alone (a use that is not decoration), or null */
  unsafe: string | null;
  /** a widget import was disabled by an earlier fix: the remaining decorations fail too */
  disabled: boolean;
}

function isWidgetImport(statement: Node, parsed: ParsedSource): boolean {
  if (statement.type === 'import_statement') {
    return statement.childrenForFieldName('name').some((item) => {
      const name = item.type === 'aliased_import' ? item.childForFieldName('name') : item;
      return name !== null && WIDGET_MODULE.test(parsed.text(name));
    });
  }
  const module = statement.childForFieldName('module_name');
  return (
    module !== null && module.type !== 'relative_import' && WIDGET_MODULE.test(parsed.text(module).replace(/\s+/g, ''))
  );
}

/** Names a widget import binds; null for forms whose names cannot be followed (`import *`, `import IPython.html`). */
function boundNames(statement: string): string[] | null {
  const text = statement.replace(/\s+/g, ' ').trim();
  const from = /^from ([\w.]+) import \(?([^()]*)\)?$/.exec(text);
  if (from) {
    if (!WIDGET_MODULE.test(from[1] as string) || (from[2] as string).includes('*')) return null;
    return (from[2] as string)
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => part.split(/\s+as\s+/).at(-1) as string);
  }
  const plain = /^import (.+)$/.exec(text);
  if (!plain) return null;
  const names: string[] = [];
  for (const part of (plain[1] as string).split(',').map((p) => p.trim())) {
    const [module, alias] = part.split(/\s+as\s+/) as [string, string | undefined];
    if (!WIDGET_MODULE.test(module)) return null; // a widget import shared with other modules: leave it
    if (alias) names.push(alias);
    else if (module === 'ipywidgets') names.push('ipywidgets');
    else return null; // `import IPython.html.widgets` binds `IPython`, which the notebook uses for other things too
  }
  return names;
}

/** The head identifier of a callee or decorator expression: `interact` of `interact(...)`, `widgets` of `widgets.interact(...)`. */
function headIdentifier(node: Node | null): Node | null {
  let current = node;
  while (current) {
    if (current.type === 'identifier') return current;
    if (current.type === 'call') current = current.childForFieldName('function');
    else if (current.type === 'attribute') current = current.childForFieldName('object');
    else return null;
  }
  return null;
}

/** The decoration that holds a use of a widget name: a decorator, or a top-level statement that only calls a widget. */
function decorationOf(use: Node, names: ReadonlySet<string>, parsed: ParsedSource): Node | null {
  for (let node: Node | null = use; node; node = node.parent) {
    if (node.type === 'decorator') {
      const head = headIdentifier(node.namedChildren[0] ?? null);
      return head && names.has(parsed.text(head)) ? node : null;
    }
    if (node.type === 'expression_statement') {
      if (node.parent?.type !== 'module' || node.namedChildren.length !== 1) return null;
      const expression = node.namedChildren[0] as Node;
      const head = expression.type === 'call' ? headIdentifier(expression) : null;
      return head && names.has(parsed.text(head)) ? node : null;
    }
  }
  return null;
}

/** Uses of the widget names in a cell: identifiers outside import statements, attribute names and keyword names. */
function usesOf(parsed: ParsedSource, names: ReadonlySet<string>): Node[] {
  return parsed.nodes('identifier').filter((id) => {
    if (!names.has(parsed.text(id))) return false;
    const parent = id.parent;
    if (!parent) return false;
    if (parent.type === 'attribute' && parent.childForFieldName('attribute')?.id === id.id) return false;
    if (parent.type === 'keyword_argument' && parent.childForFieldName('name')?.id === id.id) return false;
    for (let node: Node | null = parent; node; node = node.parent) {
      if (node.type === 'import_statement' || node.type === 'import_from_statement') return false;
    }
    return true;
  });
}

const widgetImports = defineRule({
  id: 'environment.widget-imports',
  title:
    'ipywidgets / IPython.html widget imports and @interact decorations, commented out when the package is missing',
  kind: 'environment',
  library: 'ipywidgets',
  since: { package: 'python', version: '3.0' },
  explanation:
    'Interactive widgets (ipywidgets; `IPython.html.widgets` before IPython 4.0 moved them to ipywidgets) only decorate a notebook: `@interact` shows sliders for a function and returns the function itself, `interact(f, …)` displays controls. Where the package is missing the import fails and every cell after it that uses the names fails too, so the widget imports, `@interact…` decorators and statements that only call a widget are commented out with a note. When any widget name is used for anything else (a slider whose value is read, a widget passed to other code), nothing is changed.',
  trigger: { errors: [{ ename: 'ModuleNotFoundError', evalue: MISSING_WIDGETS }], pattern: true },
  errorScope: 'cell',
  needles: (source: string, state: unknown) => {
    const s = state as WidgetState | undefined;
    if (source.includes('ipywidgets') || source.includes('IPython.html')) return true;
    if (!s?.disabled) return false;
    for (const name of s.names) if (source.includes(name)) return true;
    return false;
  },
  prepare(notebook: NotebookView): WidgetState {
    const state: WidgetState = { names: new Set(), unsafe: null, disabled: false };
    for (const cellIndex of notebook.codeCells) {
      const source = notebook.source(cellIndex);
      for (const m of source.includes('# nbrevive:') ? source.matchAll(DISABLED_WIDGET_IMPORT) : []) {
        const names = boundNames(m[1] as string);
        state.disabled = true;
        for (const name of names ?? []) state.names.add(name);
      }
      if (!source.includes('ipywidgets') && !source.includes('IPython.html')) continue;
      const parsed = notebook.parse(cellIndex);
      for (const statement of [...parsed.nodes('import_statement'), ...parsed.nodes('import_from_statement')]) {
        if (!isWidgetImport(statement, parsed)) continue;
        const names = boundNames(parsed.text(statement));
        if (!names)
          state.unsafe ??= `cell ${cellIndex}: \`${parsed.text(statement)}\` binds names that cannot be followed`;
        for (const name of names ?? []) state.names.add(name);
      }
    }
    if (state.names.size === 0 || state.unsafe) return state;
    // every use of every name, in every cell, must be a decoration
    for (const cellIndex of notebook.codeCells) {
      const source = notebook.source(cellIndex);
      // `@interact` hangs its widget on the function (`f.widget`): code that reads it needs the decorator
      if (/\.widget\b/.test(source)) {
        state.unsafe = `cell ${cellIndex} reads a decorated function's .widget`;
        return state;
      }
      if (![...state.names].some((name) => source.includes(name))) continue;
      const parsed = notebook.parse(cellIndex);
      for (const use of usesOf(parsed, state.names)) {
        if (decorationOf(use, state.names, parsed)) continue;
        state.unsafe = `cell ${cellIndex} line ${parsed.lineOf(use.startIndex)} uses \`${parsed.text(use)}\` for more than decoration`;
        return state;
      }
    }
    return state;
  },
  apply(parsed, ctx: CellContext) {
    const state = ctx.state as WidgetState;
    if (state.unsafe || state.names.size === 0) return [];
    const missing = ctx.errors.some((error) => MISSING_WIDGETS.test(error.evalue));
    if (!missing && !state.disabled) return [];
    const edits: SourceEdit[] = [];
    const disable = (node: Node, note: string): boolean => {
      const commented = commentOut(parsed.source, node.startIndex, node.endIndex, note);
      if (commented) edits.push(...commented);
      return commented !== null;
    };
    if (missing) {
      for (const statement of [...parsed.nodes('import_statement'), ...parsed.nodes('import_from_statement')]) {
        if (!isWidgetImport(statement, parsed)) continue;
        // an import inside a block, or sharing its line, cannot be commented out alone: leave the cell as it is
        if (statement.parent?.type !== 'module' || statement.startPosition.row !== statement.endPosition.row) return [];
        if (
          !disable(
            statement,
            `${WIDGET_NOTE}; ${parsed.text(statement).includes('IPython.html') ? 'IPython.html is gone since IPython 4' : 'ipywidgets is not installed here'}`,
          )
        )
          return [];
      }
    }
    const done = new Set<number>();
    for (const use of usesOf(parsed, state.names)) {
      const decoration = decorationOf(use, state.names, parsed);
      if (!decoration || done.has(decoration.id)) continue;
      done.add(decoration.id);
      if (!disable(decoration, `${WIDGET_NOTE}; disabled with the widget import`)) return [];
    }
    return edits;
  },
});

export const ENVIRONMENT_RULES: Rule[] = [decorativeExtension, widgetImports];
