// scipy.sparse-dense-attributes — X.A of a sparse matrix → X.toarray(); X.H → X.conj().T
//
// Why it broke: SciPy 1.14.0 (2024-06-24) removed the sparse matrices' .A (dense ndarray) and .H (conjugate transpose)
// attributes, deprecated in 1.11; code such as CountVectorizer().fit_transform(docs).A now fails with
// "'csr_matrix' object has no attribute 'A'".
// Changelog: https://docs.scipy.org/doc/scipy/release/1.14.0-notes.html#expired-deprecations
// Changelog: https://docs.scipy.org/doc/scipy/release/1.11.0-notes.html#deprecated-features
// Example:
//     dense = counts.A
//   →
//     dense = counts.toarray()
// Fix safety: Same result: .A was defined as toarray() and .H as conj().T (getH); only on the line the error points
// at, and only where that line reads exactly one attribute of the name the error names, so a numpy matrix's own .A
// (which still exists) is not touched.
// Left alone: lines with several .A/.H reads (reads of X.todense() or np.matrix(…), numpy matrices, do not count),
// and lines the error does not point at.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { defineRule } from '../../rule';
import { replaceNode } from '../../source-edit';

/** `X.todense()` and `np.matrix(…)`/`np.asmatrix(…)`: numpy matrices, whose .A and .H still exist. */
function denseMatrix(object: Node | null, parsed: ParsedSource): boolean {
  if (object?.type !== 'call') return false;
  const callee = parsed.text(object.childForFieldName('function') as Node);
  return /\.todense$|^(?:np|numpy)\.(?:as)?matrix$/.test(callee);
}

const SPARSE_ERROR = /'(csr|csc|coo|lil|dok|bsr|dia)_(matrix|array)' object has no attribute '(A|H)'/;

export const sparseDenseAttributes = defineRule({
  id: 'scipy.sparse-dense-attributes',
  title: 'X.A of a sparse matrix → X.toarray(); X.H → X.conj().T',
  kind: 'error-repair',
  library: 'SciPy',
  since: { package: 'scipy', version: '1.14', date: '2024-06-24' },
  deprecatedIn: '1.11',
  explanation:
    'SciPy 1.11 deprecated the sparse matrices\' .A and .H attributes ("use .toarray() … use .conj().T") and ' +
    '1.14 removed them, so the dense view many text-mining notebooks took of a CountVectorizer/TfidfVectorizer ' +
    "result (X.A) raises \"'csr_matrix' object has no attribute 'A'\". On the failing line, the one read of " +
    'the attribute the error names becomes .toarray() (for .A) or .conj().T (for .H), which is what the ' +
    "attributes returned; a line with several such reads is left alone, since a numpy matrix's .A still exists.",
  trigger: { errors: [{ ename: 'AttributeError', evalue: SPARSE_ERROR }] },
  errorScope: 'line',
  needles: ['.A', '.H'],
  apply(parsed, ctx) {
    const wanted = new Set(ctx.errors.map((e) => SPARSE_ERROR.exec(e.evalue)?.[3]).filter((a) => a !== undefined));
    const reads = ctx.nodes('attribute').filter((attr) => {
      const name = attr.childForFieldName('attribute');
      return name !== null && wanted.has(parsed.text(name)) && !denseMatrix(attr.childForFieldName('object'), parsed);
    });
    if (reads.length !== 1) return [];
    const attr = reads[0]!;
    const object = attr.childForFieldName('object');
    const name = parsed.text(attr.childForFieldName('attribute')!);
    if (!object) return [];
    // X.A = … is an assignment to the attribute, not a read
    if (attr.parent?.type === 'assignment' && attr.parent.childForFieldName('left')?.id === attr.id) return [];
    return [replaceNode(attr, `${parsed.text(object)}.${name === 'A' ? 'toarray()' : 'conj().T'}`)];
  },
});
