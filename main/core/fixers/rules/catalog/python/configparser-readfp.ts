// python.configparser-readfp — parser.readfp(f) → parser.read_file(f)
//
// Why it broke: Python 3.12 (2023-10-02), deprecated since 3.2: from this release on the old code fails or computes
// something else (the explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.12.html
// Example:
//     config.readfp(open('setup.cfg'))
//   →
//     config.read_file(open('setup.cfg'))
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.12; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
import { defineRule } from '../../rule';
import { type SourceEdit, replaceNode } from '../../source-edit';
import { methodName } from '../../syntax';
import { py } from './_shared';

export const configparserReadfp = defineRule({
  id: 'python.configparser-readfp',
  title: 'parser.readfp(f) → parser.read_file(f)',
  kind: 'error-repair',
  library: 'Python',
  since: py('3.12', '2023-10-02'),
  deprecatedIn: '3.2',
  explanation:
    "Python 3.12 removed ConfigParser.readfp (What's New 3.12, configparser); " +
    'read_file reads the same file object. Applied on the failing line.',
  trigger: { errors: [{ ename: 'AttributeError', evalue: /object has no attribute 'readfp'/ }] },
  errorScope: 'line',
  needles: ['.readfp('],
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    for (const call of ctx.nodes('call')) {
      const attribute = call.childForFieldName('function')?.childForFieldName('attribute');
      if (methodName(call, parsed) === 'readfp' && attribute) edits.push(replaceNode(attribute, 'read_file'));
    }
    return edits;
  },
});
