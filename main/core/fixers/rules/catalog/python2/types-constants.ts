// python2.types-constants — types.StringType, types.ListType, types.IntType … → str, list, int …
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     if isinstance(x, types.StringType) or isinstance(x, types.UnicodeType):
//         pass
//     ok = type(v) in (types.IntType, types.LongType, types.FloatType)
//     from types import ListType, FunctionType
//   →
//     if isinstance(x, str) or isinstance(x, str):
//         pass
//     ok = type(v) in (int, int, float)
//     from types import FunctionType
//     ListType = list
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: types.FunctionType and types.NoneType exist in Python 3: left alone.
import { defineRule } from '../../rule';
import { fromImportNames, missingNameTriggers } from '../helpers';
import { type SourceEdit, replaceNode } from '../../source-edit';
import type { Node } from 'web-tree-sitter';
import { PY3, ensureImport } from './_shared';

/**
 * types-module constants Python 3 removed (fix_types). StringType is str here, not bytes as lib2to3 wrote: a
 * notebook's string literals are str in Python 3, and `isinstance(s, types.StringType)` asked about them.
 */
const TYPES_CONSTANTS: Record<string, string> = {
  StringType: 'str',
  UnicodeType: 'str',
  StringTypes: '(str,)',
  DictType: 'dict',
  DictionaryType: 'dict',
  ListType: 'list',
  TupleType: 'tuple',
  IntType: 'int',
  LongType: 'int',
  FloatType: 'float',
  BooleanType: 'bool',
  ComplexType: 'complex',
  TypeType: 'type',
  ClassType: 'type',
  ObjectType: 'object',
  SliceType: 'slice',
  XRangeType: 'range',
  BufferType: 'memoryview',
  FileType: 'io.IOBase',
  UnboundMethodType: 'types.FunctionType',
};

export const typesConstants = defineRule({
  id: 'python2.types-constants',
  title: 'types.StringType, types.ListType, types.IntType … → str, list, int …',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "Python 3's types module no longer names the builtin types (lib2to3's fix_types): " +
    'types.StringType/UnicodeType → str, StringTypes → (str,), DictType → dict, ListType → list, ' +
    'TupleType → tuple, IntType/LongType → int, FloatType → float, BooleanType → bool, ComplexType → ' +
    'complex, TypeType/ClassType → type, ObjectType → object, SliceType → slice, XRangeType → range, ' +
    "FileType → io.IOBase. StringType becomes str (lib2to3 wrote bytes): Python 3 reads the notebook's " +
    'string literals as str. `from types import ListType` becomes an assignment of the same name.',
  trigger: {
    errors: missingNameTriggers('types', `(${Object.keys(TYPES_CONSTANTS).join('|')})`),
    pattern: true,
  },
  needles: Object.keys(TYPES_CONSTANTS),
  apply(parsed, ctx) {
    const edits: SourceEdit[] = [];
    let io = false;
    for (const attr of ctx.nodes('attribute')) {
      const qualified = ctx.imports.resolve(attr, parsed);
      const name = qualified?.startsWith('types.') ? qualified.slice('types.'.length) : null;
      const target = name ? TYPES_CONSTANTS[name] : undefined;
      if (!target) continue;
      edits.push(
        replaceNode(
          attr,
          target.startsWith('types.')
            ? `${parsed.text(attr.childForFieldName('object') as Node)}${target.slice('types'.length)}`
            : target,
        ),
      );
      if (target.startsWith('io.')) io = true;
    }
    for (const statement of ctx.nodes('import_from_statement')) {
      if (parsed.text(statement.childForFieldName('module_name') as Node) !== 'types') continue;
      const items = fromImportNames(statement, parsed);
      const moved = items.filter(
        (i) => i.name in TYPES_CONSTANTS && !(TYPES_CONSTANTS[i.name] as string).startsWith('types.'),
      );
      if (moved.length === 0) continue;
      const kept = items.filter((i) => !moved.includes(i));
      const indent = parsed.source.slice(
        parsed.source.lastIndexOf('\n', statement.startIndex - 1) + 1,
        statement.startIndex,
      );
      const assignment = `${moved.map((i) => i.local).join(', ')} = ${moved.map((i) => TYPES_CONSTANTS[i.name] as string).join(', ')}`;
      if (moved.some((i) => (TYPES_CONSTANTS[i.name] as string).startsWith('io.'))) io = true;
      edits.push(
        replaceNode(
          statement,
          [kept.length > 0 ? `from types import ${kept.map((i) => i.text).join(', ')}` : null, assignment]
            .filter((l): l is string => l !== null)
            .join(`\n${indent}`),
        ),
      );
    }
    if (io) ensureImport(parsed, ctx, 'io', edits);
    return edits;
  },
});
