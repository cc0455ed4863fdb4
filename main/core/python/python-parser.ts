// Parses notebook cells with tree-sitter-python (WASM, via web-tree-sitter), for the rules engine and the LLM fixer
// (which checks a model's edit parses). IPython syntax
// (`%magic`, `%%cellmagic`, `!shell`, `x = !cmd`, `obj?`) is masked with same-length filler first, so the grammar
// sees valid Python, every node offset is an offset into the author's source, and rules can tell which ranges
// they must never touch. tree-sitter reports offsets in UTF-16 code units when given a JS string, so node
// offsets index the source string directly, also with non-ASCII text.
import { createRequire } from 'node:module';
// loaded on demand (loadPythonParser): runs without the rules engine do not pay for the WASM runtime at start-up
import type { Parser, Node, Point, Tree } from 'web-tree-sitter';

type TreeSitter = typeof import('web-tree-sitter');

export type { Node, Tree } from 'web-tree-sitter';

export type MaskedKind = 'line-magic' | 'cell-magic' | 'shell' | 'help';

/** A range of IPython syntax replaced by filler before parsing; rules never edit inside it. */
export interface MaskedRegion {
  start: number;
  end: number;
  kind: MaskedKind;
}

export interface MaskResult {
  masked: string;
  regions: MaskedRegion[];
}

/** Cell magics whose body is Python: only their first line is masked, the body is parsed and may be fixed. */
const PYTHON_BODY_CELL_MAGICS = new Set([
  'time',
  'timeit',
  'capture',
  'prun',
  'memit',
  'debug',
  'pypy',
  'python',
  'python3',
]);

/**
 * Replaces IPython-only syntax by filler of the same length: the first masked line becomes `0` (a harmless
 * expression statement, valid at any indentation) followed by spaces, further masked lines become comments.
 * Newlines are kept, so lines and offsets stay where they were.
 */
export function maskIPython(source: string): MaskResult {
  // most cells hold no IPython syntax at all: nothing to scan
  // IPython syntax starts a line (`%magic`, `!cmd`, `?obj`), follows an `=` (`x = !cmd`) or is a `?` (help):
  // cells with none of these (most, even with % formatting or != comparisons) need no scan
  if (!/^[ \t]*[%!?]|[=;][ \t]*[%!]|\?/m.test(source)) return { masked: source, regions: [] };
  const mask = new Mask(source);
  const scanFrom = maskCellMagic(source, mask);
  if (scanFrom !== null) maskLineSyntax(source, scanFrom, mask);
  return mask.result();
}

/** The author's characters with the masked ranges filled, and those ranges. */
class Mask {
  private readonly chars: string[];
  private readonly regions: MaskedRegion[] = [];

  constructor(source: string) {
    this.chars = source.split('');
  }

  fill(start: number, end: number, kind: MaskedKind): void {
    const chars = this.chars;
    let first = true;
    let lineStart = true;
    for (let i = start; i < end; i++) {
      if (chars[i] === '\n' || chars[i] === '\r') {
        lineStart = true;
        continue;
      }
      if (first) chars[i] = '0';
      else if (lineStart) chars[i] = '#';
      else chars[i] = ' ';
      first = false;
      lineStart = false;
    }
    this.regions.push({ start, end, kind });
  }

  result(): MaskResult {
    this.regions.sort((a, b) => a.start - b.start);
    return { masked: this.chars.join(''), regions: this.regions };
  }
}

/**
 * A cell magic on the first non-blank line: masks it, and its body unless that is Python. Returns where the scan
 * for line syntax goes on (0 without a cell magic), or null when the whole cell is masked.
 */
function maskCellMagic(source: string, mask: Mask): number | null {
  const firstLine = /^(\s*\n)*([ \t]*)%%(\w+)[^\n]*/.exec(source);
  if (!firstLine) return 0;
  const magicStart = firstLine[0].length - firstLine[0].replace(/^(\s*\n)*[ \t]*/, '').length;
  const name = firstLine[3] ?? '';
  if (PYTHON_BODY_CELL_MAGICS.has(name)) {
    mask.fill(magicStart, firstLine[0].length, 'cell-magic');
    return firstLine[0].length;
  }
  mask.fill(magicStart, source.length, 'cell-magic');
  return null;
}

/** Where the tokenizer of maskLineSyntax is. */
interface ScanState {
  depth: number;
  /** the open string's quote: "'", '"', "'''" or '"""' */
  quote: string | null;
  statementStart: boolean;
  /** last non-blank character outside strings/comments on this logical line */
  lastSignificant: string;
  lastTwo: string;
}

/**
 * A small tokenizer: tracks strings, comments, bracket depth and line continuations so that `%` and `!` are
 * only read as IPython syntax where a Python statement (or the right side of an assignment) starts.
 */
function maskLineSyntax(source: string, from: number, mask: Mask): void {
  const state: ScanState = { depth: 0, quote: null, statementStart: true, lastSignificant: '', lastTwo: '' };
  let i = from;
  while (i < source.length) {
    if (state.quote) i = stepInString(source, i, state);
    else i = skipLayout(source, i, state) ?? maskSyntaxAt(source, i, state, mask) ?? stepToken(source, i, state);
  }
}

function stepInString(source: string, i: number, state: ScanState): number {
  const quote = state.quote as string;
  if (source[i] === '\\') return i + 2;
  if (source.startsWith(quote, i)) {
    state.quote = null;
    state.lastSignificant = 'x';
    return i + quote.length;
  }
  // an unterminated single-quoted string ends at the line's end (a syntax error anyway)
  if (source[i] === '\n' && quote.length === 1) state.quote = null;
  return i + 1;
}

/** past a newline, blank, comment or line continuation; null at anything else */
function skipLayout(source: string, i: number, state: ScanState): number | null {
  const c = source[i];
  if (c === '\n') {
    if (state.depth === 0) {
      state.statementStart = true;
      state.lastSignificant = '';
      state.lastTwo = '';
    }
    return i + 1;
  }
  if (c === ' ' || c === '\t' || c === '\r' || c === '\f') return i + 1;
  if (c === '#') {
    let j = i;
    while (j < source.length && source[j] !== '\n') j++;
    return j;
  }
  if (c === '\\' && (source[i + 1] === '\n' || (source[i + 1] === '\r' && source[i + 2] === '\n'))) {
    return i + (source[i + 1] === '\r' ? 3 : 2);
  }
  return null;
}

/** masks the IPython syntax that starts at i (a magic, a shell command, help) and returns its end; null: none */
function maskSyntaxAt(source: string, i: number, state: ScanState, mask: Mask): number | null {
  const c = source[i];
  const assigned = state.lastSignificant === '=' && !/[=!<>+\-*/%&|^@:]=$/.test(state.lastTwo);
  if (state.depth === 0 && (state.statementStart || assigned) && (c === '%' || c === '!' || c === '?')) {
    const end = endOfMagic(source, i);
    mask.fill(i, end, c === '!' ? 'shell' : c === '?' ? 'help' : 'line-magic');
    return end;
  }
  if (c === '?' && state.depth === 0) {
    // `obj?` / `obj??`: help for the whole statement line
    let s = i;
    while (s > 0 && source[s - 1] !== '\n') s--;
    while (source[s] === ' ' || source[s] === '\t') s++;
    const end = endOfMagic(source, i);
    mask.fill(s, end, 'help');
    return end;
  }
  return null;
}

/** past one character of Python: strings open, brackets nest, `;` starts a statement */
function stepToken(source: string, i: number, state: ScanState): number {
  const c = source[i] as string;
  state.statementStart = false;
  if (c === '"' || c === "'") {
    const quote = source.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
    state.quote = quote;
    return i + quote.length;
  }
  if (c === '(' || c === '[' || c === '{') state.depth++;
  else if ((c === ')' || c === ']' || c === '}') && state.depth > 0) state.depth--;
  else if (c === ';' && state.depth === 0) state.statementStart = true;
  state.lastTwo = (state.lastSignificant + c).slice(-2);
  state.lastSignificant = c;
  return i + 1;
}

/** a magic runs to the end of the line, continued by a trailing backslash */
function endOfMagic(source: string, from: number): number {
  const n = source.length;
  let j = from;
  for (;;) {
    while (j < n && source[j] !== '\n') j++;
    let k = j - 1;
    while (k >= from && (source[k] === ' ' || source[k] === '\t' || source[k] === '\r')) k--;
    if (j < n && source[k] === '\\') {
      j++;
      continue;
    }
    return j;
  }
}

/** One parsed cell: the author's source, its masked twin, the syntax tree and the masked regions. */
export class ParsedSource {
  private readonly byType = new Map<string, Node[]>();

  constructor(
    readonly source: string,
    readonly masked: string,
    readonly tree: Tree,
    readonly regions: readonly MaskedRegion[],
  ) {}

  get root(): Node {
    return this.tree.rootNode;
  }

  get hasError(): boolean {
    return this.tree.rootNode.hasError;
  }

  /** ERROR and MISSING nodes in the tree: an edit must not raise this number. */
  errorCount(): number {
    if (!this.tree.rootNode.hasError) return 0;
    let count = 0;
    const cursor = this.tree.walk();
    try {
      for (;;) {
        const node = cursor.currentNode;
        if (node.isError || node.isMissing) count++;
        if (node.hasError && cursor.gotoFirstChild()) continue;
        while (!cursor.gotoNextSibling()) {
          if (!cursor.gotoParent()) return count;
        }
      }
    } finally {
      cursor.delete();
    }
  }

  /** All nodes of the given type, in source order (cached per type). */
  nodes(type: string): Node[] {
    let found = this.byType.get(type);
    if (!found) {
      found = this.root
        .descendantsOfType(type)
        .filter((node): node is Node => node !== null && !this.isMasked(node.startIndex, node.endIndex));
      this.byType.set(type, found);
    }
    return found;
  }

  /** The author's text of a node (never the masked filler). */
  text(node: Node): string {
    return this.source.slice(node.startIndex, node.endIndex);
  }

  /** Does [start, end) touch IPython syntax that was masked? */
  isMasked(start: number, end: number): boolean {
    for (const region of this.regions) {
      if (start < region.end && end > region.start) return true;
      if (start === end && start > region.start && start < region.end) return true;
    }
    return false;
  }

  /** 1-based line of an offset, for plans a person reads. */
  lineOf(offset: number): number {
    let line = 1;
    for (let i = 0; i < offset && i < this.source.length; i++) if (this.source.charCodeAt(i) === 10) line++;
    return line;
  }

  /** Frees the WASM memory of the tree. */
  delete(): void {
    this.tree.delete();
  }
}

/** The initialised parser; create it once with loadPythonParser() and reuse it. */
export class PythonParser {
  constructor(
    private readonly parser: Parser,
    private readonly ts: TreeSitter,
  ) {}

  parse(source: string): ParsedSource {
    const { masked, regions } = maskIPython(source);
    const tree = this.parser.parse(masked);
    if (!tree) throw new Error('tree-sitter returned no tree (parser has no language?)');
    return new ParsedSource(source, masked, tree, regions);
  }

  /**
   * Parses `source`, the result of applying `edits` (non-overlapping, offsets into previous.source) to
   * previous.source, incrementally from the previous tree: only the edited regions are re-parsed. Falls back
   * to a full parse when the edits changed what is masked. `previous` stays valid.
   */
  reparse(
    previous: ParsedSource,
    source: string,
    edits: readonly { start: number; end: number; text: string }[],
  ): ParsedSource {
    const { masked, regions } = maskIPython(source);
    const sorted = [...edits].sort((a, b) => b.start - a.start);
    let expected = previous.masked;
    for (const edit of sorted) expected = expected.slice(0, edit.start) + edit.text + expected.slice(edit.end);
    if (expected !== masked) return this.parse(source);
    const old = previous.tree.copy();
    for (const edit of sorted) {
      // later edits are applied first, so the text before edit.end is still the previous text
      const startPosition = pointAt(previous.masked, edit.start);
      old.edit(
        new this.ts.Edit({
          startIndex: edit.start,
          oldEndIndex: edit.end,
          newEndIndex: edit.start + edit.text.length,
          startPosition,
          oldEndPosition: pointAt(previous.masked, edit.end),
          newEndPosition: advance(startPosition, edit.text),
        }),
      );
    }
    const tree = this.parser.parse(masked, old);
    old.delete();
    if (!tree) throw new Error('tree-sitter returned no tree (parser has no language?)');
    return new ParsedSource(source, masked, tree, regions);
  }
}

/** Row and column (UTF-16 code units, like the indices) of an offset. */
function pointAt(text: string, offset: number): Point {
  let row = 0;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    row++;
    lineStart = i + 1;
  }
  return { row, column: offset - lineStart };
}

function advance(point: Point, text: string): Point {
  const lines = text.split('\n');
  if (lines.length === 1) return { row: point.row, column: point.column + text.length };
  return { row: point.row + lines.length - 1, column: (lines.at(-1) as string).length };
}

let loading: Promise<PythonParser> | null = null;

/** Initialises web-tree-sitter and the Python grammar once per process; later calls get the same parser. */
export function loadPythonParser(): Promise<PythonParser> {
  loading ??= (async () => {
    const ts = await import('web-tree-sitter');
    await ts.Parser.init();
    const require = createRequire(import.meta.url);
    const language = await ts.Language.load(require.resolve('tree-sitter-python/tree-sitter-python.wasm'));
    const parser = new ts.Parser();
    parser.setLanguage(language);
    return new PythonParser(parser, ts);
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
