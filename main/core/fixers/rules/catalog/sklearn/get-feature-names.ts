// sklearn.get-feature-names — .get_feature_names() → the names scikit-learn < 1.2 returned, per class
//
// Why it broke: scikit-learn 1.2 (2022-12-08), deprecated since 1.0: get_feature_names() was removed in favour of
// get_feature_names_out() ("AttributeError: 'CountVectorizer' object has no attribute 'get_feature_names'"). The new
// method is not the old one renamed: it returns an array where CountVectorizer, TfidfVectorizer and
// PolynomialFeatures returned a list, and OneHotEncoder and PolynomialFeatures fitted on a DataFrame name their
// inputs after its columns ('sex_male', 'age^2') where the old method always said 'x0', 'x1' … unless given names.
// Changelog: https://scikit-learn.org/stable/whats_new/v1.2.html
// Changelog: https://scikit-learn.org/stable/whats_new/v1.0.html
// Example:
//     names = vec.get_feature_names()
//     cols = enc.get_feature_names()
//   →
//     names = list(vec.get_feature_names_out())
//     cols = np.array(['x%d_' % i + str(c) for i, cats in enumerate(enc.categories_) for j, c in enumerate(cats) if enc.drop_idx_ is None or enc.drop_idx_[i] is None or j != enc.drop_idx_[i]], dtype=object)
// Fix safety: Same result, per class (the class the AttributeError names): CountVectorizer and TfidfVectorizer →
// list(get_feature_names_out()) (the vocabulary sorted by index, as the old list); DictVectorizer → its
// feature_names_ list, which the old method returned itself (get_feature_names_out turns non-string keys into
// strings); OneHotEncoder and PolynomialFeatures given input names → get_feature_names_out(names) (OneHotEncoder's
// array, PolynomialFeatures' list), which raises where the names differ from the DataFrame's columns it was fitted
// on; without names → the old names built from the fitted categories_ / drop_idx_ (OneHotEncoder: 'x<i>_<category>',
// the dropped category left out, as an object array) or powers_ (PolynomialFeatures: 'x0', 'x0^2', 'x0 x1', '1').
// A class of the notebook's own derived from one of these (class StemmedCountVectorizer(CountVectorizer)) that
// does not define get_feature_names is its base.
// Left alone: ColumnTransformer and FeatureUnion (their inner names depend on what each part was fitted on),
// other classes of the notebook's own, calls with *args/**kwargs, a line with calls on different objects, and
// receivers that are calls (the OneHotEncoder / PolynomialFeatures rewrite reads the receiver several times).
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { type NotebookView, defineRule } from '../../rule';
import { type SourceEdit, insertAt, replaceNode } from '../../source-edit';
import { asPrimary, callArguments, hasSplat, methodName, methodReceiver } from '../../syntax';
import { SK, sk } from './_shared';

const MISSING = /^'(\w+)' object has no attribute 'get_feature_names'/;

/** the classes whose old names get_feature_names_out() gives as an array */
const LIST_CLASSES = new Set(['CountVectorizer', 'TfidfVectorizer']);
const NAMED_INPUT_CLASSES = new Set(['OneHotEncoder', 'PolynomialFeatures']);
const HANDLED = new Set([...LIST_CLASSES, ...NAMED_INPUT_CLASSES, 'DictVectorizer']);

/** A receiver that evaluates to the same object each time it is read (a name, its attributes and literal keys). */
function isPlainReceiver(node: Node): boolean {
  if (node.type === 'identifier') return true;
  if (node.type === 'attribute') {
    const object = node.childForFieldName('object');
    return !!object && isPlainReceiver(object);
  }
  if (node.type === 'subscript') {
    const value = node.childForFieldName('value');
    const keys = node.childrenForFieldName('subscript');
    return (
      !!value && isPlainReceiver(value) && keys.length === 1 && ['string', 'integer'].includes((keys[0] as Node).type)
    );
  }
  return false;
}

/**
 * The scikit-learn class whose get_feature_names a class the error names had: that class itself, or for a class of
 * the notebook's own (`class StemmedCountVectorizer(CountVectorizer)`) its one base of HANDLED when the class does
 * not define get_feature_names itself; null when the notebook's class is anything else.
 */
function handledClass(notebook: NotebookView, name: string): string | null {
  for (const index of notebook.codeCells) {
    const parsed = notebook.parse(index);
    if (!parsed.source.includes(name)) continue;
    for (const def of parsed.nodes('class_definition')) {
      const id = def.childForFieldName('name');
      if (!id || parsed.text(id) !== name) continue;
      const bases = def.childForFieldName('superclasses')?.namedChildren ?? [];
      const base = bases.length === 1 ? parsed.text(bases[0] as Node).replace(/^.*\./, '') : '';
      const own = def
        .descendantsOfType('function_definition')
        .some((fn) => parsed.text(fn.childForFieldName('name') as Node) === 'get_feature_names');
      return HANDLED.has(base) && !own ? base : null;
    }
  }
  return HANDLED.has(name) ? name : null;
}

/** The old names of a fitted OneHotEncoder read through `r` (sklearn 0.20–1.1 get_feature_names()). */
function oneHotNames(r: string, np: string): string {
  return (
    `${np}.array(['x%d_' % i + str(c) for i, cats in enumerate(${r}.categories_) for j, c in enumerate(cats) ` +
    `if ${r}.drop_idx_ is None or ${r}.drop_idx_[i] is None or j != ${r}.drop_idx_[i]], dtype=object)`
  );
}

/** The old names of a fitted PolynomialFeatures read through `r` (sklearn 0.18–1.1 get_feature_names()). */
function polynomialNames(r: string): string {
  return `[' '.join('x%d^%d' % (i, e) if e != 1 else 'x%d' % i for i, e in enumerate(row) if e) or '1' for row in ${r}.powers_]`;
}

function rewrite(
  call: Node,
  cls: string,
  parsed: ParsedSource,
  numpy: () => { name: string; edits: SourceEdit[] } | null,
): SourceEdit[] | null {
  const receiver = methodReceiver(call);
  const name = call.childForFieldName('function')?.childForFieldName('attribute');
  const args = call.childForFieldName('arguments');
  if (!receiver || !name || !args || hasSplat(call)) return null;
  const given = callArguments(call);
  if (given.length > 1) return null;
  const r = asPrimary(receiver, parsed);
  if (LIST_CLASSES.has(cls)) {
    if (given.length) return null; // the vectorizers' method took no arguments
    return [
      insertAt(call.startIndex, 'list('),
      replaceNode(name, 'get_feature_names_out'),
      insertAt(call.endIndex, ')'),
    ];
  }
  if (cls === 'DictVectorizer') return given.length ? null : [replaceNode(call, `${r}.feature_names_`)];
  if (given.length) {
    // input names given: the new method builds the same names from them (and refuses names unlike the columns)
    const renamed = replaceNode(name, 'get_feature_names_out');
    if (cls === 'OneHotEncoder') return [renamed];
    return [insertAt(call.startIndex, 'list('), renamed, insertAt(call.endIndex, ')')];
  }
  if (!isPlainReceiver(receiver)) return null;
  if (cls === 'PolynomialFeatures') return [replaceNode(call, polynomialNames(r))];
  const np = numpy();
  return np ? [...np.edits, replaceNode(call, oneHotNames(r, np.name))] : null;
}

export const getFeatureNames = defineRule({
  id: 'sklearn.get-feature-names',
  title: ".get_feature_names() → the names scikit-learn < 1.2 returned (list(get_feature_names_out()), 'x0_…' names)",
  kind: 'error-repair',
  library: SK,
  since: sk('1.2', '2022-12-08'),
  deprecatedIn: '1.0',
  explanation:
    'get_feature_names() was removed in 1.2. Its replacement get_feature_names_out() returns an array, and ' +
    'OneHotEncoder and PolynomialFeatures fitted on a DataFrame name their inputs after its columns where the old ' +
    "method said 'x0', 'x1' …: CountVectorizer/TfidfVectorizer get list(get_feature_names_out()), DictVectorizer its " +
    'feature_names_ list, OneHotEncoder/PolynomialFeatures given input names get_feature_names_out(names), and ' +
    "without names the 'x<i>' names built from categories_/drop_idx_ or powers_ as the old method built them. " +
    'ColumnTransformer and FeatureUnion are left alone.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: MISSING }] },
  errorScope: 'line',
  needles: ['get_feature_names('],
  apply(parsed, ctx) {
    const classes = new Set(ctx.errors.map((error) => MISSING.exec(error.evalue)?.[1] ?? ''));
    if (classes.size !== 1) return [];
    const cls = handledClass(ctx.notebook, [...classes][0] as string);
    if (!cls) return [];
    const calls = ctx.nodes('call').filter((call) => methodName(call, parsed) === 'get_feature_names');
    const receivers = new Set(calls.map((call) => parsed.text(methodReceiver(call) as Node)));
    if (receivers.size !== 1) return [];
    const edits: SourceEdit[] = [];
    let numpy: { name: string; edits: SourceEdit[] } | null | undefined;
    const requireNumpy = () => {
      if (numpy === undefined) numpy = ctx.requireImport('numpy', 'np');
      const got = numpy;
      if (got) numpy = { name: got.name, edits: [] }; // the import once
      return got;
    };
    for (const call of calls) {
      const edit = rewrite(call, cls, parsed, requireNumpy);
      if (!edit) return [];
      edits.push(...edit);
    }
    return edits;
  },
});
