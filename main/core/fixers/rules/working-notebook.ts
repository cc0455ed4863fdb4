// The notebook a rules run edits: its code cells' current sources, their syntax trees (parsed once per source and
// reused by every rule), and the notebook-wide import table, rebuilt only when an import line changes. The engine
// (rules-engine.ts) applies edits to it; rules read it as the NotebookView of their context.
import { cellSource } from '../../../../shared/lib/ipynb';
import type { Notebook } from '../../../../shared/models/notebook';
import { ImportTable } from './imports';
import { type ParsedSource, type PythonParser } from '../../python/python-parser';
import { type NotebookView } from './rule';

/** A Python source (a helper module, an API-change snippet) as a notebook of one code cell, for the rules to run on. */
export function oneCellNotebook(source: string): Notebook {
  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: { kernelspec: { name: 'python3', language: 'python', display_name: 'Python 3' } },
    cells: [{ cell_type: 'code', metadata: {}, source, outputs: [], execution_count: null }],
  };
}

/** The import statements of a cell, dedented, with their parenthesized or backslash continuation lines. */
export function importStatements(source: string): string[] {
  if (!/\bimport\b/.test(source)) return [];
  const lines = source.split('\n');
  const statements: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] as string).trim();
    if (!/^(import\s|from\s+[\w.]+\s+import\b)/.test(line)) continue;
    // `import a; b = 1` keeps only its first statement
    let statement = line.split(';')[0] as string;
    let depth = (statement.match(/\(/g)?.length ?? 0) - (statement.match(/\)/g)?.length ?? 0);
    while ((depth > 0 || statement.endsWith('\\')) && i + 1 < lines.length) {
      const next = (lines[++i] as string).trim();
      statement = `${statement.endsWith('\\') ? statement.slice(0, -1) : statement} ${next}`;
      depth += (next.match(/\(/g)?.length ?? 0) - (next.match(/\)/g)?.length ?? 0);
    }
    statements.push(statement.replace(/#.*$/, ''));
  }
  return statements;
}

export class WorkingNotebook implements NotebookView {
  readonly codeCells: number[];
  private readonly sources = new Map<number, string>();
  private readonly parsed = new Map<number, ParsedSource>();
  private readonly retired: ParsedSource[] = [];
  private importTable: ImportTable | null = null;
  private readonly importsByCell = new Map<number, { source: string; statements: string; table: ImportTable }>();
  /** cells with the same import statements (the same setup cell repeated) share one parse */
  private readonly tablesByStatements = new Map<string, ImportTable>();
  readonly changed = new Set<number>();

  constructor(
    readonly notebook: Notebook,
    private readonly parser: PythonParser,
  ) {
    this.codeCells = [];
    notebook.cells.forEach((cell, index) => {
      if (cell.cell_type !== 'code') return;
      this.codeCells.push(index);
      this.sources.set(index, cellSource(cell));
    });
  }

  isCodeCell(cellIndex: number): boolean {
    return this.sources.has(cellIndex);
  }

  source(cellIndex: number): string {
    const source = this.sources.get(cellIndex);
    if (source === undefined) throw new RangeError(`cell ${cellIndex} is not a code cell`);
    return source;
  }

  parse(cellIndex: number): ParsedSource {
    let parsed = this.parsed.get(cellIndex);
    if (!parsed) {
      parsed = this.parser.parse(this.source(cellIndex));
      this.parsed.set(cellIndex, parsed);
    }
    return parsed;
  }

  update(cellIndex: number, source: string, parsed: ParsedSource): void {
    const old = this.parsed.get(cellIndex);
    if (old) this.retired.push(old);
    const before = this.sources.get(cellIndex) ?? '';
    this.sources.set(cellIndex, source);
    this.parsed.set(cellIndex, parsed);
    this.changed.add(cellIndex);
    // most edits leave the imports alone: keep the table unless this cell's import statements changed
    if (this.importTable && importStatements(before).join('\n') !== importStatements(source).join('\n'))
      this.importTable = null;
  }

  /**
   * The notebook's imports, from one small parse of just its import statements (parsing every cell that
   * imports something would cost more than all the rules together).
   */
  get imports(): ImportTable {
    this.importTable ??= ImportTable.merge(this.codeCells.map((i) => this.cellImports(i)));
    return this.importTable;
  }

  /** One cell's imports, parsed from its import statements alone and cached until they change. */
  private cellImports(cellIndex: number): ImportTable {
    const source = this.source(cellIndex);
    const cached = this.importsByCell.get(cellIndex);
    if (cached?.source === source) return cached.table;
    const statements = importStatements(source).join('\n');
    if (cached && cached.statements === statements) {
      cached.source = source;
      return cached.table;
    }
    let table = this.tablesByStatements.get(statements);
    if (!table) {
      table = new ImportTable();
      if (statements) {
        const parsed = this.parser.parse(statements);
        table = ImportTable.fromCells([parsed]);
        parsed.delete();
      }
      this.tablesByStatements.set(statements, table);
    }
    this.importsByCell.set(cellIndex, { source, statements, table });
    return table;
  }

  dispose(): void {
    for (const parsed of [...this.parsed.values(), ...this.retired]) parsed.delete();
    this.parsed.clear();
    this.retired.length = 0;
  }
}
