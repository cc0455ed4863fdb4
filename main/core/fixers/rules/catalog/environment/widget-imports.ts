// environment.widget-imports — ipywidgets / IPython.html widget imports and @interact decorations, commented out when
// the package is missing; interact's one call of the function kept
//
// Why it broke: ipywidgets is not installed in the environment the notebook runs in (IPython 4.0, 2015, moved
// IPython.html.widgets out to it), and the lines that only decorate with it fail; once the import is commented out,
// every use of its names fails with NameError.
// Example:
//     interact(plot_3D, elev=(-90, 90), azip=(-180, 180));
//   →
//     # interact(plot_3D, elev=(-90, 90), azip=(-180, 180));  # nbrevive: widgets only decorate the notebook; disabled with the widget import
//     plot_3D(elev=30);  # nbrevive: the call interact made, with its controls' first values
// Fix safety: Same computed results: the widgets only displayed controls. `interact(f, …)` and `@interact(…)` also
// called `f` once, with each control's first value, when the widget was displayed (ipywidgets 5–8): that call is kept
// as a plain `f(…)` wherever those values are certain, read the way ipywidgets 5.0–8.1 derive them (a tuple slider's
// middle or the function's default, clamped; a dropdown's first item; a literal; `fixed(v)`; a widget's literal
// value; see _widget-first-call.ts). Where they are not (a list of numbers, a slider before 6.0 and a dropdown since;
// a variable; a function the notebook does not define once at the top level), the statement is only commented out,
// as is `interact_manual` (it calls only on a click); the decorated functions stay defined.
// Inside a function of the notebook only `interact(g, …)` statements are commented out, where `g` is defined in that
// function and only returns a value (DS100's df_interact: the call displayed a table); a block left empty gets `pass`.
// Left alone: never when a widget value is used for results; never when a widget is called inside a function of the
// notebook otherwise; never when the notebook reads the widget @interact hangs on the function; never when the
// notebook defines its own function of a widget name (shadowing); and 2 more cases in its fixture.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule, packageVersion, type NotebookView, type CellContext } from '../../rule';
import { insertAt, type SourceEdit } from '../../source-edit';
import { callArguments } from '../../syntax';
import { commentOut } from './_shared';
import { firstCall, notebookFunction, widgetMember } from './_widget-first-call';

// ---------- interactive widgets (ipywidgets, and IPython.html before IPython 4 moved them there)

const WIDGET_MODULE = /^(?:ipywidgets|IPython\.html)(?:\.\w+)*$/;

const MISSING_WIDGETS = /^No module named '(ipywidgets|IPython\.html)(?:\.[\w.]+)?'/;

const WIDGET_NOTE = '# nbrevive: widgets only decorate the notebook';

/** a widget import this rule disabled before: `# from ipywidgets import interact  # nbrevive: widgets only …` */
const DISABLED_WIDGET_IMPORT = /^[ \t]*# ((?:from|import)\s[^\n#]*?)\s+# nbrevive: widgets only decorate/gm;

interface WidgetState {
  /** names the widget imports bind (live or disabled before) */
  names: Set<string>;
  /** the widget member each name stands for (`interact`, `fixed`…), null for a module */
  members: Map<string, string | null>;
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

/**
 * What a widget import binds: each name with the widget member it stands for (`interact`, `fixed`, `IntSlider`), or
 * null for a module (`import ipywidgets as widgets`, `from IPython.html import widgets`); null for forms whose names
 * cannot be followed (`import *`, `import IPython.html`).
 */
function bindings(statement: string): [string, string | null][] | null {
  const text = statement.replace(/\s+/g, ' ').trim();
  const from = /^from ([\w.]+) import \(?([^()]*)\)?$/.exec(text);
  if (from) {
    if (!WIDGET_MODULE.test(from[1] as string) || (from[2] as string).includes('*')) return null;
    return (from[2] as string)
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [member, alias] = part.split(/\s+as\s+/) as [string, string | undefined];
        return [alias ?? member, member === 'widgets' ? null : member];
      });
  }
  const plain = /^import (.+)$/.exec(text);
  if (!plain) return null;
  const names: [string, string | null][] = [];
  for (const part of (plain[1] as string).split(',').map((p) => p.trim())) {
    const [module, alias] = part.split(/\s+as\s+/) as [string, string | undefined];
    if (!WIDGET_MODULE.test(module)) return null; // a widget import shared with other modules: leave it
    if (alias) names.push([alias, null]);
    else if (module === 'ipywidgets') names.push(['ipywidgets', null]);
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

/**
 * Is the statement `interact(g, …)` in the body of a function of the notebook (at any depth of its if/else, for,
 * with blocks) whose `g` is a function defined in that same body that only returns a value (DS100's df_interact:
 * `def peek(row=0, col=0): return df.iloc[…]`)? The call interact made of `g` only displayed that value.
 */
function displayOnlyInteract(statement: Node, call: Node, parsed: ParsedSource): boolean {
  let outer: Node | null = statement.parent;
  while (outer && outer.type !== 'function_definition') {
    if (outer.type === 'class_definition' || outer.type === 'module') return false;
    outer = outer.parent;
  }
  const target = callArguments(call)[0];
  if (!outer || target?.type !== 'identifier') return false;
  const name = parsed.text(target);
  const body = outer.childForFieldName('body');
  const definitions = (body?.namedChildren ?? []).filter(
    (child) => child.type === 'function_definition' && parsed.text(child.childForFieldName('name') ?? child) === name,
  );
  const statements = definitions[0]?.childForFieldName('body')?.namedChildren.filter((child) => {
    if (child.type === 'comment') return false;
    // a docstring
    return !(child.type === 'expression_statement' && child.namedChildren[0]?.type === 'string');
  });
  return definitions.length === 1 && statements?.length === 1 && statements[0]?.type === 'return_statement';
}

/**
 * The decoration that holds a use of a widget name: a decorator, or a statement that only calls a widget — at the top
 * of a cell, or `interact(g, …)` in the body of a function of the notebook for a `g` that only returns a value
 * (DS100's df_interact helper, in an if/else), its result discarded either way.
 */
function decorationOf(use: Node, names: ReadonlySet<string>, parsed: ParsedSource): Node | null {
  for (let node: Node | null = use; node; node = node.parent) {
    if (node.type === 'decorator') {
      const head = headIdentifier(node.namedChildren[0] ?? null);
      return head && names.has(parsed.text(head)) ? node : null;
    }
    if (node.type === 'expression_statement') {
      if (node.namedChildren.length !== 1) return null;
      const expression = node.namedChildren[0] as Node;
      if (node.parent?.type !== 'module') {
        if (node.parent?.type !== 'block' || expression.type !== 'call') return null;
        if (!displayOnlyInteract(node, expression, parsed)) return null;
      }
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

const FIRST_CALL_NOTE = "# nbrevive: the call interact made, with its controls' first values";

/**
 * For `interact(f, …)` at the top of a cell, or `@interact(…)` on a top-level `def f`: the call of `f` that interact
 * made (see _widget-first-call.ts) and the node after which it goes; null when not certain, and for interact_manual
 * (which only calls on a click), interactive() (a widget the code may never display) and other widget calls.
 */
function interactCall(
  decoration: Node,
  state: WidgetState,
  parsed: ParsedSource,
  ctx: CellContext,
): { text: string; after: Node } | null {
  const expression = decoration.namedChildren[0] ?? null;
  if (decoration.type === 'decorator') {
    const decorated = decoration.parent;
    const definition = decorated?.childForFieldName('definition');
    if (decorated?.parent?.type !== 'module' || definition?.type !== 'function_definition') return null;
    if (decorated.namedChildren.filter((child) => child.type === 'decorator').length !== 1) return null;
    const callee = expression?.type === 'call' ? expression.childForFieldName('function') : expression;
    if (widgetMember(callee, state.members, parsed) !== 'interact') return null;
    const keywords = expression?.type === 'call' ? callArguments(expression) : [];
    const name = parsed.text(definition.childForFieldName('name') ?? definition);
    const text = firstCall(name, definition, parsed, keywords, state.members, parsed);
    return text ? { text, after: decorated } : null;
  }
  if (expression?.type !== 'call' || decoration.parent?.type !== 'module') return null;
  if (widgetMember(expression.childForFieldName('function'), state.members, parsed) !== 'interact') return null;
  const [target, ...keywords] = callArguments(expression);
  if (target?.type !== 'identifier') return null;
  const name = parsed.text(target);
  const definition = notebookFunction(ctx.notebook, name, ctx.cellIndex, decoration.startIndex);
  if (!definition) return null;
  const text = firstCall(name, definition.node, definition.parsed, keywords, state.members, parsed);
  return text ? { text, after: decoration } : null;
}

export const widgetImports = defineRule({
  id: 'environment.widget-imports',
  title:
    'ipywidgets / IPython.html widget imports and @interact decorations, commented ' +
    "out when the package is missing; interact's one call of the function kept",
  kind: 'environment',
  library: 'ipywidgets',
  since: { package: 'python', version: '3.0' },
  explanation:
    'Interactive widgets (ipywidgets; `IPython.html.widgets` before IPython 4.0 moved them to ipywidgets) only decorate a notebook: `@interact` shows sliders for a function and returns the function itself, `interact(f, …)` displays controls. Where the package is missing the import fails and every cell after it that uses the names fails too, so the widget imports, `@interact…` decorators and statements that only call a widget are commented out with a note. `interact(f, …)` and `@interact(…)` also called `f` once with the first values of its controls when the widget was displayed: where those values are certain (the middle of a tuple slider or the default of the function, the first item of a dropdown, a literal, `fixed(v)`), that call is kept as `f(…)` after the commented line, so the figure it drew is still drawn. Inside a function of the notebook, only `interact(g, …)` of a `g` defined there that only returns a value is commented out (its call only displayed that value; a block left empty keeps a `pass`). When any widget name is used for anything else (a slider whose value is read, a widget passed to other code), nothing is changed.',
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
    const state: WidgetState = { names: new Set(), members: new Map(), unsafe: null, disabled: false };
    for (const cellIndex of notebook.codeCells) {
      const source = notebook.source(cellIndex);
      for (const m of source.includes('# nbrevive:') ? source.matchAll(DISABLED_WIDGET_IMPORT) : []) {
        state.disabled = true;
        for (const [name, member] of bindings(m[1] as string) ?? []) {
          state.names.add(name);
          state.members.set(name, member);
        }
      }
      if (!source.includes('ipywidgets') && !source.includes('IPython.html')) continue;
      const parsed = notebook.parse(cellIndex);
      // every cell, whole: the names are the notebook's
      for (const statement of [...parsed.nodes('import_statement'), ...parsed.nodes('import_from_statement')]) {
        if (!isWidgetImport(statement, parsed)) continue;
        const bound = bindings(parsed.text(statement));
        if (!bound)
          state.unsafe ??= `cell ${cellIndex}: \`${parsed.text(statement)}\` binds names that cannot be followed`;
        for (const [name, member] of bound ?? []) {
          state.names.add(name);
          state.members.set(name, member);
        }
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
    // IPython.html's widgets are ipywidgets' where that is installed: ipython.html-widgets points the imports there
    if (packageVersion(ctx.env, 'ipywidgets')) return [];
    const missing = ctx.errors.some((error) => MISSING_WIDGETS.test(error.evalue));
    if (!missing && !state.disabled) return [];
    const edits: SourceEdit[] = [];
    const disable = (node: Node, note: string): boolean => {
      const commented = commentOut(parsed.source, node.startIndex, node.endIndex, note);
      if (commented) edits.push(...commented);
      return commented !== null;
    };
    if (missing) {
      // the whole cell, not the scope: every widget import goes, with every decoration its names make (below)
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
      // a block of a function left with no statement but widget lines keeps a `pass`, so the function still parses
      const block = decoration.parent?.type === 'block' ? decoration.parent : null;
      const first = block?.namedChildren.find((child) => child.type !== 'comment');
      if (
        block &&
        first?.id === decoration.id &&
        block.namedChildren.every((child) => child.type === 'comment' || decorationOf(child, state.names, parsed))
      ) {
        const start = parsed.source.lastIndexOf('\n', decoration.startIndex - 1) + 1;
        const indent = parsed.source.slice(start, decoration.startIndex);
        edits.push(insertAt(start, `${indent}pass  # nbrevive: its widget lines are disabled\n`));
      }
      // the call interact made when the notebook ran, with its controls' first values, where they are certain
      const call = interactCall(decoration, state, parsed, ctx);
      if (!call) continue;
      const lineEnd = (offset: number) => {
        const eol = parsed.source.indexOf('\n', offset);
        return eol === -1 ? parsed.source.length : eol;
      };
      if (call.after === decoration) {
        // the statement's line now ends with the note: the call goes on the next line, with its `;`
        const note = edits.at(-1) as SourceEdit;
        const silenced = /^\s*;/.test(parsed.source.slice(decoration.endIndex, lineEnd(decoration.endIndex)));
        note.text += `\n${call.text}${silenced ? ';' : ''}  ${FIRST_CALL_NOTE}`;
      } else edits.push(insertAt(lineEnd(call.after.endIndex), `\n${call.text}  ${FIRST_CALL_NOTE}`));
    }
    return edits;
  },
});
