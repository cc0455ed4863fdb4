// python.json-encoding-argument — json.loads(s, encoding='utf-8') → json.loads(s)
//
// Why it broke: Python 3.9 (2020-10-05) removed the encoding argument of json.loads and json.load (ignored since
// Python 3.1, deprecated in 3.1: "The encoding argument is ignored and deprecated"); it now reaches JSONDecoder,
// which fails with TypeError: JSONDecoder.__init__() got an unexpected keyword argument 'encoding'. Python 2's
// json.dumps/json.dump(…, encoding=…) never existed in Python 3 (JSONEncoder.__init__() gets the same error).
// Changelog: https://docs.python.org/3/whatsnew/3.9.html#removed
// Example:
//     d = json.loads(text, encoding='utf-8')
//     json.dump(obj, f, encoding='utf-8')
//   →
//     d = json.loads(text)
//     json.dump(obj, f)
// Fix safety: Same result: Python 3 decoded str input without it and detected the encoding of bytes input (UTF-8,
// -16 or -32) whatever it said; json.dumps' encoding only decoded Python 2 byte strings, which a Python 3 object
// holds none of (bytes are not JSON serializable either way). Only the encoding keyword is dropped.
// Left alone: a notebook's own function named loads/load/dump/dumps; other json-like modules (simplejson keeps
// its encoding argument).
import { defineRule } from '../../rule';
import type { SourceEdit } from '../../source-edit';
import { keywordArgument, removeArgument } from '../../syntax';
import { py } from './_shared';

export const jsonEncodingArgument = defineRule({
  id: 'python.json-encoding-argument',
  title: "json.loads(s, encoding='utf-8') → json.loads(s)",
  kind: 'error-repair',
  library: 'Python',
  since: py('3.9', '2020-10-05'),
  deprecatedIn: '3.1',
  explanation:
    "Python 3.9 removed json.loads' and json.load's encoding argument, ignored since " +
    'Python 3.1 (str input needs none; bytes input has its UTF-8/16/32 encoding detected); ' +
    "Python 2's json.dump(s)(…, encoding=…) decoded byte strings, which Python 3 objects " +
    'do not hold. The keyword is dropped; the call decodes and encodes the same JSON.',
  trigger: {
    errors: [
      {
        ename: 'TypeError',
        evalue: /JSON(De|En)coder\.__init__\(\) got an unexpected keyword argument 'encoding'/,
      },
    ],
    pattern: true,
  },
  needles: ['encoding'],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const { node } of ctx.calls({ module: 'json', names: ['loads', 'load', 'dumps', 'dump'] })) {
      const keyword = keywordArgument(node, 'encoding', parsed);
      if (keyword) edits.push(removeArgument(keyword, node));
    }
    return edits;
  },
});
