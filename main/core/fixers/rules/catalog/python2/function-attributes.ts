// python2.function-attributes — f.func_name, f.func_code, f.func_defaults … → f.__name__ …; m.im_func, m.im_self,
// m.im_class → m.__func__, m.__self__, m.__self__.__class__
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     print(f.func_name, f.func_defaults, f.func_code.co_argcount)
//     m = obj.method
//     print(m.im_self, m.im_func, m.im_class)
//   →
//     print(f.__name__, f.__defaults__, f.__code__.co_argcount)
//     m = obj.method
//     print(m.__self__, m.__func__, m.__self__.__class__)
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: self.func_name of the notebook's own class is its own attribute.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { PY3, WHATS_NEW } from './_shared';

/** Function and bound-method attributes Python 3 renamed (fix_funcattrs, fix_methodattrs). */
const FUNCTION_ATTRIBUTES: Record<string, string> = {
  func_name: '__name__',
  func_code: '__code__',
  func_defaults: '__defaults__',
  func_globals: '__globals__',
  func_dict: '__dict__',
  func_closure: '__closure__',
  func_doc: '__doc__',
  im_func: '__func__',
  im_self: '__self__',
  im_class: '__self__.__class__',
};

export const functionAttributes = defineRule({
  id: 'python2.function-attributes',
  title:
    'f.func_name, f.func_code, f.func_defaults … → f.__name__ …; m.im_func, ' +
    'm.im_self, m.im_class → m.__func__, m.__self__, m.__self__.__class__',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    `Python 3 renamed the function attributes func_X to __X__ (${WHATS_NEW}, "Operators and ` +
    `special methods": func_name → __name__, func_code → __code__, func_defaults, func_globals, ` +
    `func_dict, func_closure, func_doc) and the bound-method attributes im_func → __func__, ` +
    `im_self → __self__; im_class, the class the method was looked up on, is m.__self__.__class__ ` +
    `for a bound method (lib2to3's fix_funcattrs and fix_methodattrs). Same objects.`,
  trigger: {
    errors: [
      {
        ename: 'AttributeError',
        evalue:
          /object has no attribute '(func_name|func_code|func_defaults|func_globals|func_dict|func_closure|func_doc|im_func|im_self|im_class)'/,
      },
    ],
    pattern: true,
  },
  needles: Object.keys(FUNCTION_ATTRIBUTES).map((n) => `.${n}`),
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const attr of ctx.nodes('attribute')) {
      const nameNode = attr.childForFieldName('attribute');
      const name = nameNode ? parsed.text(nameNode) : '';
      if (!nameNode || !(name in FUNCTION_ATTRIBUTES)) continue;
      // `self.func_name = …` on an object of the notebook's own class is its own attribute, not a function's
      const object = attr.childForFieldName('object');
      if (object?.type === 'identifier' && parsed.text(object) === 'self') continue;
      edits.push(replaceNode(nameNode, FUNCTION_ATTRIBUTES[name] as string));
    }
    return edits;
  },
});
