// environment.diagram-uses — statements that draw with a guarded diagram package (pydot = None) commented out with a
// note
//
// Why it broke: the package that renders a tree's diagram is not installed here, and environment.diagram-imports bound
// its name to None so that the import cell runs; the cells that draw then fail on None ("'NoneType' object has no
// attribute 'graph_from_dot_data'"), directly or inside the notebook's own drawing function.
// A picture file the commented statements would have written (graph.write_png('tree.png')) is not there either, so a
// later statement of the cell that names that file (Image(filename='tree.png')) only showed the picture too.
// Example:
//     graph, = print_tree(regr, features=['Years', 'Hits'])
//     Image(graph.create_png())
//     print(regr.score(X, y))
//   →
//     # graph, = print_tree(regr, features=['Years', 'Hits'])  # nbrevive: draws a diagram with a package not installed here
//     # Image(graph.create_png())  # nbrevive: draws a diagram with a package not installed here
//     print(regr.score(X, y))
// Fix safety: Same computed results: the statements commented out only build and show the picture; a statement of the
// cell that does not reach the package, directly, through a function of the notebook that uses it, through a name
// such a statement assigned, or through a picture file (.png, .svg, .pdf, .jpg, .gif) such a statement wrote, still
// runs.
// Left alone: notebooks without the guard environment.diagram-imports writes; definitions, imports and statements
// that share a line with other code (the whole cell is then left); a picture file named in other cells, or held in a
// variable.
import type { Node } from 'web-tree-sitter';
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { commentOut } from './_shared';
import { DIAGRAM_PACKAGES } from './diagram-imports';

/** The guard diagramImports writes: the note, then the names bound to None. */
const GUARD = new RegExp(
  `except ImportError: {2}# nbrevive: (?:${DIAGRAM_PACKAGES.join('|')}) is not installed here; it only draws diagrams\\n((?:[ \\t]+\\w+ = None\\n?)+)`,
  'g',
);

const DRAWING_NOTE = '# nbrevive: draws a diagram with a package not installed here';

/** Identifiers in a node, by text. */
function identifiersIn(node: Node, text: (n: Node) => string): Set<string> {
  return new Set(node.descendantsOfType('identifier').flatMap((id) => (id ? [text(id)] : [])));
}

/** a picture file a drawing statement writes: 'tree.png', "graph.svg" */
const PICTURE_FILE = /\.(?:png|svg|pdf|jpe?g|gif)$/i;

/** The contents of the plain string literals in a node. */
function stringsIn(node: Node, parsed: { text(n: Node): string }): string[] {
  return node.descendantsOfType('string').flatMap((literal) => {
    const m = literal ? /^[rRuU]?(['"])([^'"\\{}]*)\1$/.exec(parsed.text(literal)) : null;
    return m ? [m[2] as string] : [];
  });
}

/** Names an assignment statement binds (its left side). */
function assignedNames(statement: Node, text: (n: Node) => string): Set<string> {
  const assignment = statement.type === 'expression_statement' ? statement.namedChildren[0] : null;
  const left = assignment?.type === 'assignment' ? assignment.childForFieldName('left') : null;
  return left ? identifiersIn(left, text) : new Set();
}

export const diagramUses = defineRule({
  id: 'environment.diagram-uses',
  title: 'Statements that draw with a guarded diagram package (pydot = None) commented out with a note',
  kind: 'environment',
  library: 'Python',
  since: { package: 'python', version: '3.0' },
  explanation:
    'Once environment.diagram-imports has bound a missing pydot, pydotplus or graphviz to None, ' +
    "the cells that draw a tree diagram fail on None ('NoneType' object has no attribute " +
    "'graph_from_dot_data'). In such a cell, each top-level statement that uses the package, a function " +
    'of the notebook whose body uses it, or a name one of those statements assigned, is commented out ' +
    'with a note: they only build and show the picture, as does a later statement of the cell that names a ' +
    "picture file one of them wrote (Image(filename='tree.png') after graph.write_png('tree.png')). The other " +
    'statements of the cell still run.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /'NoneType' object has no attribute/ }] },
  errorScope: 'cell',
  needles: (source) => source.trim() !== '',
  prepare(notebook) {
    const guarded = new Set<string>();
    for (const cellIndex of notebook.codeCells) {
      const source = notebook.source(cellIndex);
      if (!source.includes('it only draws diagrams')) continue;
      for (const m of source.matchAll(GUARD))
        for (const line of (m[1] as string).split('\n')) {
          const name = /^\s*(\w+) = None/.exec(line)?.[1];
          if (name) guarded.add(name);
        }
    }
    if (guarded.size === 0) return guarded;
    // the notebook's own top-level functions that draw with it (print_tree(…) calling pydot), to a fixpoint
    const functions: { name: string; uses: Set<string> }[] = [];
    for (const cellIndex of notebook.codeCells) {
      const parsed = notebook.parse(cellIndex);
      const text = (n: Node): string => parsed.text(n);
      for (const def of parsed.nodes('function_definition'))
        if (def.parent?.type === 'module' || def.parent?.parent?.type === 'module')
          functions.push({ name: text(def.childForFieldName('name') as Node), uses: identifiersIn(def, text) });
    }
    for (let grew = true; grew;) {
      grew = false;
      for (const f of functions)
        if (!guarded.has(f.name) && [...f.uses].some((u) => u !== f.name && guarded.has(u))) {
          guarded.add(f.name);
          grew = true;
        }
    }
    return guarded;
  },
  apply(parsed, ctx) {
    const tainted = new Set(ctx.state as Set<string>);
    if (tainted.size === 0) return [];
    const text = (n: Node): string => parsed.text(n);
    const edits: SourceEdit[] = [];
    // the picture files the statements commented out so far would have written
    const pictures = new Set<string>();
    for (const statement of parsed.root.namedChildren) {
      if (!statement || ['function_definition', 'class_definition', 'decorated_definition'].includes(statement.type))
        continue;
      if (statement.type === 'import_statement' || statement.type === 'import_from_statement') continue;
      if (statement.type === 'comment' || statement.type === 'try_statement') continue;
      const strings = stringsIn(statement, parsed);
      if (
        ![...identifiersIn(statement, text)].some((name) => tainted.has(name)) &&
        !strings.some((file) => pictures.has(file))
      )
        continue;
      const commented = commentOut(parsed.source, statement.startIndex, statement.endIndex, DRAWING_NOTE);
      if (!commented) return [];
      edits.push(...commented);
      for (const name of assignedNames(statement, text)) tainted.add(name);
      for (const file of strings) if (PICTURE_FILE.test(file)) pictures.add(file);
    }
    return edits;
  },
});
