// Syntax checks of the code cells an LLM answer writes, IPython lines masked. The environment's own Python, when
// the runtime has one on this machine, compiles all cells of an answer in ONE process (~50 ms): exact, and it
// catches indentation errors and Python 2 syntax. Without one, tree-sitter's Python grammar runs in-process: more
// lenient (it accepts Python 2 `print` and most indentation slips) but it catches truncated answers and
// unbalanced brackets.
import { execFile } from 'node:child_process';
import { loadPythonParser, maskIPython, type Node } from '../../python/python-parser';

/** For each source: null when it parses, else a one-line description of the first syntax error. */
export type SyntaxChecker = (sources: string[]) => Promise<Array<string | null>>;

function firstProblem(node: Node): Node | null {
  if (node.isError || node.isMissing) return node;
  if (!node.hasError) return null;
  for (const child of node.children) {
    const found = child ? firstProblem(child) : null;
    if (found) return found;
  }
  return node;
}

/** tree-sitter, in-process, on the rules engine's parser (IPython syntax masked the same way). */
export const treeSitterSyntaxCheck: SyntaxChecker = async (sources) => {
  const parser = await loadPythonParser();
  return sources.map((source) => {
    const parsed = parser.parse(source);
    try {
      const problem = firstProblem(parsed.root);
      if (!problem) return null;
      const row = problem.startPosition.row;
      const text = source.split('\n')[row]?.trim() ?? '';
      return (
        `line ${row + 1}: ${problem.isMissing ? `missing ${problem.type}` : 'invalid syntax'} near ` +
        `${JSON.stringify(text.slice(0, 80))}`
      );
    } finally {
      parsed.delete();
    }
  });
};

const COMPILE_SCRIPT = `
import ast, json, sys
flags = getattr(ast, "PyCF_ALLOW_TOP_LEVEL_AWAIT", 0)
out = []
for src in json.load(sys.stdin):
    try:
        compile(src, "<cell>", "exec", flags, dont_inherit=True)
        out.append(None)
    except SyntaxError as e:
        near = (" near " + json.dumps((e.text or "").strip()[:80])) if e.text else ""
        out.append("line %s: %s%s" % (e.lineno, e.msg, near))
    except Exception as e:
        out.append("%s: %s" % (type(e).__name__, e))
print(json.dumps(out))
`;

/** Compiles the sources with `python` (one process for all); falls back to tree-sitter when it cannot run. */
export function pythonCompileCheck(python: string): SyntaxChecker {
  return async (sources) => {
    if (sources.length === 0) return [];
    const masked = sources.map((source) => maskIPython(source).masked);
    try {
      const stdout = await new Promise<string>((resolve, reject) => {
        const child = execFile(
          python,
          ['-c', COMPILE_SCRIPT],
          { timeout: 20_000, maxBuffer: 4 * 1024 * 1024 },
          (error, out) => (error ? reject(error) : resolve(out)),
        );
        child.stdin?.end(JSON.stringify(masked));
      });
      const results = JSON.parse(stdout) as Array<string | null>;
      if (Array.isArray(results) && results.length === sources.length) return results;
    } catch {
      // no usable interpreter here (a Docker runtime, a moved venv): the in-process check still runs
    }
    return treeSitterSyntaxCheck(sources);
  };
}
