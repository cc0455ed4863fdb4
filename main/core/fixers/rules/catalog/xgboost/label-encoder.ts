// xgboost.label-encoder — XGBClassifier on labels that are not 0..k-1 → the classifier that encodes them, as before 1.6
//
// Why it broke: XGBoost 1.6 (2022-04-16), deprecated since 1.3: the scikit-learn wrapper's label encoder
// (use_label_encoder) was removed (#7357); inside GridSearchCV/cross_val_score the error reads "All the N fits failed".
// Changelog: https://github.com/dmlc/xgboost/blob/master/NEWS.md#v160-2022-apr-16
// Changelog: https://github.com/dmlc/xgboost/pull/7357
// Example:
//     import xgboost as xgb
//     clf = xgb.XGBClassifier()
//     clf.fit(X_train, y_train)
//   →
//     import xgboost as xgb
//     class XGBClassifier(xgb.XGBClassifier):
//         # xgboost < 1.6 encoded the labels in fit (use_label_encoder): predict and classes_ answer in them
//         def fit(self, X, y, *args, **kwargs):
//             …
//     clf = XGBClassifier()
//     clf.fit(X_train, y_train)
// Fix safety: Same result: the subclass (inserted once after the import, under the notebook's name) encodes the
// labels with LabelEncoder in fit (eval_set's too), as the old wrapper did, and decodes predict and classes_, so the
// predictions, probabilities and scores are those of 1.5; scikit-learn's get_params/clone still work, so searches and
// cross-validation clone it. The encoder has its own attribute (1.6–1.7's predict decodes through one named `_le`), and
// classes_ has a setter (fit assigns it before 2.0). `use_label_encoder=True` (an error in 1.6–1.7, ignored since 2.0)
// is dropped: the subclass does what it asked for.
// Left alone: a notebook whose own code binds the name (a class, function or variable XGBClassifier of its own);
// imports inside a block, or sharing their line with other statements; notebooks where no fit failed on its labels.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule, type NotebookView, type RuleRunContext } from '../../rule';
import { cellBindings } from '../../bindings';
import { type SourceEdit, insertAt, replaceNode } from '../../source-edit';
import { keywordArgument, removeArgument } from '../../syntax';

/** The classifiers whose fit lost the label encoder (XGBRFClassifier inherits XGBClassifier.fit). */
const CLASSIFIERS = ['XGBClassifier', 'XGBRFClassifier'];
const MODULES = ['xgboost', 'xgboost.sklearn'];

/** The subclass that restores the old wrapper: `base` is the expression of xgboost's class. */
function shim(name: string, base: string): string {
  return [
    `class ${name}(${base}):`,
    '    # xgboost < 1.6 encoded the labels in fit (use_label_encoder): predict and classes_ answer in them',
    '    def fit(self, X, y, *args, **kwargs):',
    '        from sklearn.preprocessing import LabelEncoder',
    '',
    '        self._label_encoder = None',
    '        le = LabelEncoder().fit(y)',
    "        if kwargs.get('eval_set') is not None:",
    "            kwargs['eval_set'] = [(Xe, le.transform(ye)) for Xe, ye in kwargs['eval_set']]",
    '        super().fit(X, le.transform(y), *args, **kwargs)',
    '        self._label_encoder = le',
    '        return self',
    '',
    '    def predict(self, X, *args, **kwargs):',
    '        pred = super().predict(X, *args, **kwargs)',
    "        le = getattr(self, '_label_encoder', None)",
    "        return pred if le is None or kwargs.get('output_margin') else le.inverse_transform(pred)",
    '',
    '    @property',
    '    def classes_(self):',
    "        le = getattr(self, '_label_encoder', None)",
    '        if le is not None:',
    '            return le.classes_',
    "        return self.__dict__['classes_'] if 'classes_' in self.__dict__ else super().classes_",
    '',
    '    @classes_.setter',
    '    def classes_(self, value):',
    '        # xgboost < 2.0 assigns classes_ in fit',
    "        self.__dict__['classes_'] = value",
    '',
  ].join('\n');
}

interface State {
  /** a name the shim would bind is the notebook's own (a class, function or variable): leave the notebook alone */
  blocked: boolean;
  /** the first top-level `import xgboost [as m]`: its cell and statement start, and m */
  moduleImport: { cellIndex: number; start: number; alias: string } | null;
  /** classifiers the notebook reaches as m.XGBClassifier: shimmed after moduleImport, references renamed */
  attributeClasses: Set<string>;
}

/** `m.XGBClassifier` where m is the notebook's name for xgboost: the class's name, else null. */
function xgbAttribute(node: Node, parsed: ParsedSource, ctx: Pick<RuleRunContext, 'imports'>): string | null {
  if (node.type !== 'attribute') return null;
  const qualified = ctx.imports.resolve(node, parsed);
  if (!qualified) return null;
  const dot = qualified.lastIndexOf('.');
  const name = qualified.slice(dot + 1);
  return CLASSIFIERS.includes(name) && MODULES.includes(qualified.slice(0, dot)) ? name : null;
}

/** Is this class definition a shim of xgboost's class (`class N(N)` after a from-import, `class N(m.N)`)? */
function isShim(def: Node, parsed: ParsedSource): boolean {
  const name = def.childForFieldName('name');
  const bases = def.childForFieldName('superclasses');
  if (!name || !bases) return false;
  const args = bases.namedChildren;
  const base = args.length === 1 ? parsed.text(args[0] as Node) : '';
  return base === parsed.text(name) || base.endsWith(`.${parsed.text(name)}`);
}

/** Does the cell bind one of the names otherwise than by an import or a shim (its own class, def, variable)? */
function bindsOwn(parsed: ParsedSource, names: readonly string[]): boolean {
  for (const def of parsed.nodes('class_definition')) {
    const id = def.childForFieldName('name');
    if (id && names.includes(parsed.text(id)) && !isShim(def, parsed)) return true;
  }
  for (const def of parsed.nodes('function_definition')) {
    const id = def.childForFieldName('name');
    if (id && names.includes(parsed.text(id))) return true;
  }
  return cellBindings(parsed, ['assignment']).some(({ target }) =>
    target.descendantsOfType('identifier').some((id) => names.includes(parsed.text(id))),
  );
}

/** Text after the statement up to the end of its line is blank or a comment: the shim can follow on its own lines. */
function endsLine(statement: Node, parsed: ParsedSource): number | null {
  const eol = parsed.source.indexOf('\n', statement.endIndex);
  const end = eol === -1 ? parsed.source.length : eol;
  return /^[ \t]*(#.*)?$/.test(parsed.source.slice(statement.endIndex, end)) ? end : null;
}

/** The statement after `statement` in the module, or null. */
function nextStatement(statement: Node): Node | null {
  let next = statement.nextNamedSibling;
  while (next && next.type === 'comment') next = next.nextNamedSibling;
  return next;
}

function alreadyShimmed(statement: Node, name: string, parsed: ParsedSource): boolean {
  // the shims follow the import one after another: look through them all
  for (let next = nextStatement(statement); next?.type === 'class_definition'; next = nextStatement(next)) {
    if (isShim(next, parsed) && parsed.text(next.childForFieldName('name') as Node) === name) return true;
  }
  return false;
}

/** Inserts the shims after a top-level statement (on the lines after it), or nothing when its line goes on. */
function shimsAfter(statement: Node, shims: readonly [string, string][], parsed: ParsedSource): SourceEdit[] {
  const todo = shims.filter(([name]) => !alreadyShimmed(statement, name, parsed));
  const end = endsLine(statement, parsed);
  if (todo.length === 0 || end === null) return [];
  const text = todo.map(([name, base]) => shim(name, base)).join('\n');
  return end === parsed.source.length ? [insertAt(end, `\n${text.replace(/\n$/, '')}`)] : [insertAt(end + 1, text)];
}

function prepare(notebook: NotebookView, ctx: RuleRunContext): State {
  // a name the shims bind, imported from elsewhere (`from mylib import XGBClassifier`), is the notebook's own
  const elsewhere = CLASSIFIERS.some((name) => {
    const target = ctx.imports.bindings.get(name);
    return target !== undefined && !MODULES.some((m) => target === `${m}.${name}`);
  });
  const state: State = { blocked: elsewhere, moduleImport: null, attributeClasses: new Set() };
  let firstImport = false;
  for (const cellIndex of notebook.codeCells) {
    const source = notebook.source(cellIndex);
    if (!/XGB|xgboost/.test(source)) continue;
    const parsed = notebook.parse(cellIndex);
    if (bindsOwn(parsed, CLASSIFIERS)) state.blocked = true;
    for (const attribute of parsed.nodes('attribute')) {
      const name = xgbAttribute(attribute, parsed, ctx);
      if (name && !isShimBase(attribute)) state.attributeClasses.add(name);
    }
    if (firstImport) continue;
    for (const statement of parsed.root.namedChildren) {
      if (statement.type !== 'import_statement' || firstImport) continue;
      for (const item of statement.childrenForFieldName('name')) {
        const module = item.type === 'aliased_import' ? item.childForFieldName('name') : item;
        const alias = item.type === 'aliased_import' ? item.childForFieldName('alias') : item;
        if (!module || !alias || parsed.text(module) !== 'xgboost' || firstImport) continue;
        firstImport = true;
        // an import the shim cannot follow (its line goes on) leaves the references alone too
        if (endsLine(statement, parsed) !== null)
          state.moduleImport = { cellIndex, start: statement.startIndex, alias: parsed.text(alias) };
      }
    }
  }
  return state;
}

/** The base of a shim (`class XGBClassifier(xgb.XGBClassifier)`): already reached through the shim, not renamed. */
function isShimBase(attribute: Node): boolean {
  const def = attribute.parent?.type === 'argument_list' ? attribute.parent.parent : null;
  return def?.type === 'class_definition';
}

export const labelEncoder = defineRule({
  id: 'xgboost.label-encoder',
  title: 'XGBClassifier on labels that are not 0..k-1 → the classifier that encodes them, as before 1.6',
  kind: 'error-repair',
  library: 'xgboost',
  since: { package: 'xgboost', version: '1.6', date: '2022-04-16' },
  deprecatedIn: '1.3',
  explanation:
    "XGBoost 1.6 removed the scikit-learn wrapper's label encoder (deprecated in 1.3): XGBClassifier.fit " +
    "now requires the labels 0..k-1 and raises 'Invalid classes inferred from unique values of `y`' " +
    "on others ([3..8], strings). A subclass under the notebook's name, inserted once after the " +
    'import, encodes the labels with LabelEncoder in fit and decodes predict and classes_, as the old ' +
    'wrapper did; the predictions are the same, and GridSearchCV/cross_val_score clone it as before.',
  trigger: {
    errors: [
      { ename: 'ValueError', evalue: /Invalid classes inferred from unique values of/ },
      { ename: 'ValueError', evalue: /Label encoder was removed in 1\.6/ },
    ],
    anywhere: true,
  },
  needles: ['xgboost', 'XGBClassifier', 'XGBRFClassifier'],
  prepare,
  apply(parsed, ctx) {
    const state = ctx.state as State;
    if (state.blocked) return [];
    const edits: SourceEdit[] = [];
    // `from xgboost import XGBClassifier [as C]`: `class C(C)` after each such import (a later one binds the name
    // again)
    for (const statement of parsed.root.namedChildren) {
      if (statement.type !== 'import_from_statement') continue;
      const module = statement.childForFieldName('module_name');
      if (!module || !MODULES.includes(parsed.text(module).replace(/\s+/g, ''))) continue;
      const shims: [string, string][] = [];
      for (const item of statement.childrenForFieldName('name')) {
        const name = item.type === 'aliased_import' ? item.childForFieldName('name') : item;
        const local = item.type === 'aliased_import' ? item.childForFieldName('alias') : item;
        if (name && local && CLASSIFIERS.includes(parsed.text(name)))
          shims.push([parsed.text(local), parsed.text(local)]);
      }
      edits.push(...shimsAfter(statement, shims, parsed));
    }
    // `import xgboost as xgb` … `xgb.XGBClassifier(…)`: the shim after the first import, the references renamed to it
    const { moduleImport, attributeClasses } = state;
    if (moduleImport && attributeClasses.size > 0) {
      if (moduleImport.cellIndex === ctx.cellIndex) {
        const statement = parsed.root.namedChildren.find((s) => s.startIndex === moduleImport.start);
        const shims = [...attributeClasses]
          .sort()
          .map((name): [string, string] => [name, `${moduleImport.alias}.${name}`]);
        if (statement) edits.push(...shimsAfter(statement, shims, parsed));
      }
      for (const attribute of ctx.nodes('attribute')) {
        const name = xgbAttribute(attribute, parsed, ctx);
        if (name && !isShimBase(attribute)) edits.push(replaceNode(attribute, name));
      }
    }
    // use_label_encoder=True asked for what the shim does: an error in 1.6–1.7, an ignored parameter since 2.0
    for (const call of ctx.nodes('call')) {
      const callee = call.childForFieldName('function');
      const name = callee
        ? (xgbAttribute(callee, parsed, ctx) ?? ctx.imports.refersTo(callee, parsed, 'xgboost', CLASSIFIERS))
        : null;
      const kw = name ? keywordArgument(call, 'use_label_encoder', parsed) : null;
      if (kw && parsed.text(kw.childForFieldName('value') as Node) === 'True') edits.push(removeArgument(kw, call));
    }
    return edits;
  },
});
