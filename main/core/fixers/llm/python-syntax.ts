// A light syntax check of the code cells an LLM answer writes: tree-sitter's Python grammar (in-process, no Python
// needed, ~1 ms a cell) with IPython lines masked. It is lenient (it accepts Python 2 `print` statements) but it
// catches what matters here: truncated answers, unbalanced brackets, broken indentation.
import { createRequire } from 'node:module';
import { Language, Parser, type Node } from 'web-tree-sitter';
import { isIPythonLine } from './notebook-text';

/** For each source: null when it parses, else a one-line description of the first syntax error. */
export type SyntaxChecker = (sources: string[]) => Promise<Array<string | null>>;

let parser: Promise<Parser> | null = null;

function loadParser(): Promise<Parser> {
  parser ??= (async () => {
    await Parser.init();
    const wasm = createRequire(import.meta.url).resolve('tree-sitter-python/tree-sitter-python.wasm');
    const language = await Language.load(wasm);
    const p = new Parser();
    p.setLanguage(language);
    return p;
  })();
  return parser;
}

/** IPython lines (and a cell magic's first line) become blanks of the same length, keeping positions. */
export function maskIPython(source: string): string {
  return source
    .split('\n')
    .map((line) => (isIPythonLine(line) ? ' '.repeat(line.length) : line))
    .join('\n');
}

function firstProblem(node: Node): Node | null {
  if (node.isError || node.isMissing) return node;
  if (!node.hasError) return null;
  for (const child of node.children) {
    if (!child) continue;
    const found = firstProblem(child);
    if (found) return found;
  }
  return node.hasError ? node : null;
}

export const treeSitterSyntaxCheck: SyntaxChecker = async (sources) => {
  const p = await loadParser();
  return sources.map((source) => {
    const masked = maskIPython(source);
    // a cell magic such as %%bash makes the whole cell non-Python
    if (/^\s*%%(?!time|capture|prun)/.test(source)) return null;
    const tree = p.parse(masked);
    if (!tree) return 'the code could not be parsed';
    try {
      const problem = firstProblem(tree.rootNode);
      if (!problem) return null;
      const line = problem.startPosition.row + 1;
      const text = masked.split('\n')[problem.startPosition.row]?.trim() ?? '';
      const what = problem.isMissing ? `missing ${problem.type}` : 'invalid syntax';
      return `line ${line}: ${what} near ${JSON.stringify(text.slice(0, 80))}`;
    } finally {
      tree.delete();
    }
  });
};
