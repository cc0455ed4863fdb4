// python2.more-renamed-modules — commands, thread, UserList/UserString/UserDict, repr, markupbase, whichdb,
// tkFileDialog, sets, md5, sha, exceptions … → their Python 3 modules
//
// Why it broke: Python 3.0 (2008-12-03): from this release on the old code fails or computes something else (the
// explanation below cites the release notes).
// Changelog: https://docs.python.org/3/whatsnew/3.0.html
// Example:
//     import commands
//     import thread
//     from UserList import UserList
//     import repr
//     import tkFileDialog
//     from sets import Set
//   →
//     import subprocess as commands
//     import _thread as thread
//     from collections import UserList
//     import reprlib as repr
//     import tkinter.filedialog as tkFileDialog
//     from builtins import set as Set
// Fix safety: Same result: the rewrite computes what the code computed before Python 3.0; where that cannot be
// settled (a name of the notebook's own, an ambiguous callee or type), the rule leaves the code alone.
// Left alone: a module that only sounds alike is left alone.
import { type ModuleMove, moveNeedles, moduleMoveEdits } from '../module-moves';
import { defineRule } from '../../rule';
import { PY3 } from './_shared';

/** Modules lib2to3's fix_imports/fix_imports2 rename that stdlib-modules.ts does not list. */
const MODULE_MOVES: ModuleMove[] = [
  { from: 'commands', to: 'subprocess' },
  { from: 'thread', to: '_thread' },
  { from: 'UserList', to: 'collections' },
  { from: 'UserString', to: 'collections' },
  { from: 'UserDict', to: 'collections', names: { IterableUserDict: { module: 'collections', name: 'UserDict' } } },
  { from: 'repr', to: 'reprlib' },
  { from: 'markupbase', to: '_markupbase' },
  { from: 'whichdb', to: 'dbm' },
  { from: 'dumbdbm', to: 'dbm.dumb' },
  { from: 'gdbm', to: 'dbm.gnu' },
  { from: 'DocXMLRPCServer', to: 'xmlrpc.server' },
  { from: 'SimpleXMLRPCServer', to: 'xmlrpc.server' },
  { from: 'CGIHTTPServer', to: 'http.server' },
  { from: '_winreg', to: 'winreg' },
  { from: 'tkFileDialog', to: 'tkinter.filedialog' },
  { from: 'FileDialog', to: 'tkinter.filedialog' },
  { from: 'tkSimpleDialog', to: 'tkinter.simpledialog' },
  { from: 'SimpleDialog', to: 'tkinter.simpledialog' },
  { from: 'tkColorChooser', to: 'tkinter.colorchooser' },
  { from: 'tkCommonDialog', to: 'tkinter.commondialog' },
  { from: 'Dialog', to: 'tkinter.dialog' },
  { from: 'Tkdnd', to: 'tkinter.dnd' },
  { from: 'tkFont', to: 'tkinter.font' },
  { from: 'ScrolledText', to: 'tkinter.scrolledtext' },
  { from: 'Tkconstants', to: 'tkinter.constants' },
  { from: 'ttk', to: 'tkinter.ttk' },
  // PEP 4 / PEP 3108 removals with a documented successor: sets → the builtin set/frozenset, md5/sha → hashlib,
  // exceptions → builtins
  { from: 'sets', to: 'builtins', names: { Set: { name: 'set' }, ImmutableSet: { name: 'frozenset' } } },
  { from: 'md5', to: 'hashlib', names: { new: { name: 'md5' } } },
  { from: 'sha', to: 'hashlib', names: { new: { name: 'sha1' }, sha: { name: 'sha1' } } },
  { from: 'exceptions', to: 'builtins' },
];

export const moreRenamedModules = defineRule({
  id: 'python2.more-renamed-modules',
  title:
    'commands, thread, UserList/UserString/UserDict, repr, markupbase, whichdb, ' +
    'tkFileDialog, sets, md5, sha, exceptions … → their Python 3 modules',
  kind: 'error-repair',
  library: 'Python',
  since: PY3,
  explanation:
    "PEP 3108 renamed these standard-library modules (lib2to3's fix_imports and fix_imports2): commands → subprocess (getoutput, getstatusoutput), thread → _thread, UserList/UserString/UserDict → collections, repr → reprlib, markupbase → _markupbase, whichdb → dbm, dumbdbm → dbm.dumb, gdbm → dbm.gnu, SimpleXMLRPCServer/DocXMLRPCServer → xmlrpc.server, CGIHTTPServer → http.server, _winreg → winreg, and Tkinter's dialog modules → tkinter.filedialog, tkinter.simpledialog, tkinter.font …; the removed sets module's Set/ImmutableSet are the builtins set/frozenset, md5.new/sha.new are hashlib.md5/hashlib.sha1, and the exceptions module's names are builtins. `import commands` becomes `import subprocess as commands`, so the notebook's names stay bound.",
  trigger: {
    errors: [
      {
        ename: 'ModuleNotFoundError',
        evalue: new RegExp(`No module named '(${MODULE_MOVES.map((m) => m.from).join('|')})'`),
      },
    ],
    pattern: true,
  },
  needles: moveNeedles(MODULE_MOVES).map(
    (n) => new RegExp(`\\b(import|from)\\s+${n}\\b|\\bimport\\b[^\\n]*\\b${n}\\b`),
  ),
  apply(parsed, ctx) {
    return MODULE_MOVES.flatMap((move) => moduleMoveEdits(parsed, ctx, move));
  },
});
