// Semantic-change flags: an edit that makes a notebook run by changing what it computes — fewer epochs or
// estimators, a subsample of the data, other seeds, removed cells or model code — is flagged on the fix so a
// reviewer can find it. Text-level comparison of old and new cell sources; it errs on the side of flagging.
import type { CellEdit } from '../../../../shared/models/loop';
import type { Notebook } from '../../../../shared/models/notebook';
import { cellSource } from '../../../../shared/lib/ipynb';

export type SemanticFlagKind =
  'epochs-changed' | 'estimators-changed' | 'data-subsampled' | 'seed-changed' | 'cell-removed' | 'model-code-removed';

export interface SemanticFlag {
  kind: SemanticFlagKind;
  cellIndex: number;
  detail: string;
}

/** `name=value` settings whose values are compared between old and new source. */
const SETTINGS: Array<{ kind: SemanticFlagKind; names: RegExp }> = [
  { kind: 'epochs-changed', names: /\b(epochs|nb_epoch|n_epochs|num_epochs|max_epochs|max_iter)\s*[=:]\s*([^,)\n]+)/g },
  {
    kind: 'estimators-changed',
    names:
      /\b(n_estimators|num_boost_round|num_rounds|nrounds|num_iterations|n_iter|iterations|early_stopping_rounds)\s*[=:]\s*([^,)\n]+)/g,
  },
  { kind: 'seed-changed', names: /\b(random_state|seed|random_seed)\s*[=:]\s*([^,)\n]+)/g },
];

/** Calls whose count going up means the data got smaller. */
const SUBSAMPLING: Array<{ what: string; pattern: RegExp }> = [
  { what: '.head()', pattern: /\.head\(\s*\d*\s*\)/g },
  { what: '.sample()', pattern: /\.sample\(/g },
  { what: 'nrows=', pattern: /\bnrows\s*=/g },
  { what: 'frac=', pattern: /\bfrac\s*=\s*0?\.\d+/g },
  { what: '[:N] slicing', pattern: /\[\s*:\s*-?\d+\s*(?:,[^\]]*)?\]|\.iloc\[\s*:\s*\d+|\.loc\[\s*:\s*\d+/g },
  { what: 'train_size/max_samples', pattern: /\b(train_size|max_samples|subsample)\s*=\s*0?\.\d+/g },
];

const SEED_CALLS =
  /\b(?:np\.random\.seed|random\.seed|torch\.manual_seed|tf\.random\.set_seed|set_random_seed|seed_everything)\(([^)]*)\)/g;
const MODEL_CALLS =
  /\.(fit|fit_transform|fit_generator|train|predict|predict_proba|score|evaluate)\(|\b(cross_val_score|cross_val_predict|cross_validate)\(/g;

function settingValues(source: string, names: RegExp): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const match of source.matchAll(names)) {
    const name = match[1] ?? '';
    const value = (match[2] ?? '').trim();
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  return values;
}

function count(source: string, pattern: RegExp): number {
  return [...source.matchAll(pattern)].length;
}

/** Comments and string contents do not change what a cell computes. */
function codeOnly(source: string): string {
  return source
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, ''))
    .join('\n');
}

function compareCell(cellIndex: number, oldSource: string, newSource: string): SemanticFlag[] {
  const flags: SemanticFlag[] = [];
  const before = codeOnly(oldSource);
  const after = codeOnly(newSource);
  for (const { kind, names } of SETTINGS) {
    const old = settingValues(before, names);
    const now = settingValues(after, names);
    for (const name of new Set([...old.keys(), ...now.keys()])) {
      const a = (old.get(name) ?? []).join(', ');
      const b = (now.get(name) ?? []).join(', ');
      if (a !== b) flags.push({ kind, cellIndex, detail: `${name}: ${a || '(unset)'} → ${b || '(unset)'}` });
    }
  }
  const oldSeeds = [...before.matchAll(SEED_CALLS)].map((m) => m[0]).join(', ');
  const newSeeds = [...after.matchAll(SEED_CALLS)].map((m) => m[0]).join(', ');
  if (oldSeeds !== newSeeds)
    flags.push({
      kind: 'seed-changed',
      cellIndex,
      detail: `${oldSeeds || '(no seed call)'} → ${newSeeds || '(no seed call)'}`,
    });
  for (const { what, pattern } of SUBSAMPLING) {
    const a = count(before, pattern);
    const b = count(after, pattern);
    if (b > a) flags.push({ kind: 'data-subsampled', cellIndex, detail: `${what} added` });
  }
  const oldModel = count(before, MODEL_CALLS);
  const newModel = count(after, MODEL_CALLS);
  if (newModel < oldModel) {
    flags.push({
      kind: 'model-code-removed',
      cellIndex,
      detail: `${oldModel - newModel} of ${oldModel} fit/predict/train calls removed`,
    });
  }
  return flags;
}

export function semanticFlagList(notebook: Notebook, edits: CellEdit[]): SemanticFlag[] {
  const flags: SemanticFlag[] = [];
  for (const edit of edits) {
    const cell = notebook.cells[edit.cellIndex];
    if (!cell) continue;
    const old = cellSource(cell);
    if (edit.source === null) {
      if (old.trim() === '') continue;
      flags.push({ kind: 'cell-removed', cellIndex: edit.cellIndex, detail: `${cell.cell_type} cell removed` });
      if (cell.cell_type === 'code') {
        const calls = count(codeOnly(old), MODEL_CALLS);
        if (calls > 0)
          flags.push({
            kind: 'model-code-removed',
            cellIndex: edit.cellIndex,
            detail: `${calls} fit/predict/train calls removed with the cell`,
          });
      }
      continue;
    }
    if (cell.cell_type === 'code') flags.push(...compareCell(edit.cellIndex, old, edit.source));
  }
  return flags;
}

/** Flags as Fix.flags strings: `kind: cell N: detail` (the kind first, so review can filter on it). */
export function semanticFlags(notebook: Notebook, edits: CellEdit[]): string[] {
  return semanticFlagList(notebook, edits).map((flag) => `${flag.kind}: cell ${flag.cellIndex}: ${flag.detail}`);
}
