/**
 * Deprecation messages from the libraries' installed sources (one release each, the system's and today's):
 * `@deprecated("... use X instead")` (scikit-learn), `_api.deprecated(since, alternative=X)` and
 * `_api.rename_parameter(since, old, new)` (matplotlib), `deprecate_kwarg(old_arg_name=, new_arg_name=)`
 * (pandas, statsmodels), and NumPy 2.0's `__expired_attributes__` table (its AttributeError messages).
 * A small Python program reads them with the ast module (the messages are literals).
 */
export const MINER = String.raw`
import ast, json, os, sys, re
root, pkg = sys.argv[1], sys.argv[2]
out = []
def lit(node):
    try:
        return ast.literal_eval(node)
    except Exception:
        if isinstance(node, ast.JoinedStr):
            return ''.join(v.value if isinstance(v, ast.Constant) else '{}' for v in node.values)
        return None
def callname(node):
    f = node.func if isinstance(node, ast.Call) else node
    if isinstance(f, ast.Attribute): return f.attr
    if isinstance(f, ast.Name): return f.id
    return ''
# where each name is defined and under which public paths it is re-exported (numpy.core.fromnumeric.sum is
# numpy.sum): explicit 'from m import a as b', 'from m import *' (public names), and classes' bases, so that a
# member of a base class (pandas' NDFrame) is reported under the public classes that inherit it
defs = {}       # module -> set of names defined at its top level
imports = {}    # module -> {local: (source module, source name)}
stars = {}      # module -> [source modules]
classes = {}    # (module, class) -> {bases: [dotted], members: set}
def dotted(node):
    if isinstance(node, ast.Name): return node.id
    if isinstance(node, ast.Attribute):
        head = dotted(node.value)
        return head + '.' + node.attr if head else None
    return None
def scan_imports(body, module, is_pkg):
    d = defs.setdefault(module, set()); imp = imports.setdefault(module, {}); st = stars.setdefault(module, [])
    for node in body:
        if isinstance(node, (ast.If, ast.Try)):
            scan_imports(node.body + getattr(node, 'orelse', []) + [n for h in getattr(node, 'handlers', []) for n in h.body] + getattr(node, 'finalbody', []), module, is_pkg)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            d.add(node.name)
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name): d.add(t.id)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ''
            if node.level:
                parts = module.split('.') if is_pkg else module.split('.')[:-1]
                parts = parts[:len(parts) - (node.level - 1)] if node.level > 1 else parts
                base = '.'.join(parts + ([node.module] if node.module else []))
            for a in node.names:
                if a.name == '*': st.append(base)
                else: imp[a.asname or a.name] = (base, a.name)
def resolve(module, name, seen=None):
    seen = seen or set()
    if (module, name) in seen: return None
    seen.add((module, name))
    if name in defs.get(module, ()) and name not in imports.get(module, {}): return (module, name)
    if name in imports.get(module, {}):
        src, orig = imports[module][name]
        if src in defs: return resolve(src, orig, seen) or (src + '.' + orig in defs and (src + '.' + orig, None)) or None
        return None
    if not name.startswith('_'):
        for src in stars.get(module, []):
            r = resolve(src, name, seen)
            if r: return r
    return None
_aliases = None
def aliases():
    global _aliases
    if _aliases is None:
        _aliases = {}
        for module in list(defs):
            if any(p.startswith('_') for p in module.split('.')): continue
            names = set(defs.get(module, ())) | set(imports.get(module, {}))
            for src in stars.get(module, []): names |= set(defs.get(src, ()))
            for name in names:
                if name.startswith('_'): continue
                r = resolve(module, name)
                if r and r[1] is not None: _aliases.setdefault(r, set()).add(module + '.' + name)
        for src in list(stars):
            pass
    return _aliases
def canonical(module, name):
    found = aliases().get((module, name))
    if not found: return None
    # the shortest public path; among equals the defining module's own, then the first in order (deterministic)
    return min(found, key=lambda a: (a.count('.'), a.rsplit('.', 1)[0] != module, len(a), a))
def subclasses(key):
    out = []
    for (m, c), info in classes.items():
        if 'testing' in m.split('.') or 'tests' in m.split('.'): continue
        for b in info['bases']:
            if '.' in b:
                head, _, rest = b.rpartition('.')
                src = imports.get(m, {}).get(head.split('.')[0])
                mod = (src[0] + '.' + src[1]) if src else head
                mod = mod + head[len(head.split('.')[0]):] if src else mod
                r = resolve(mod, rest) if mod in defs else None
            else:
                r = resolve(m, b)
            if r == key: out.append((m, c))
    return out
def owners(module, name):
    # public spellings of module.name (a module-level name, or Class.member)
    parts = name.split('.')
    if len(parts) == 1:
        c = canonical(module, name)
        return [c] if c else []
    if len(parts) != 2: return []
    cls, member = parts
    result, todo, seen = [], [(module, cls)], set()
    while todo:
        key = todo.pop()
        if key in seen: continue
        seen.add(key)
        c = canonical(*key)
        subs = [k for k in subclasses(key) if member not in classes.get(k, {}).get('members', set())]
        # a base class users never name (pandas' NDFrame) is met through its public subclasses
        if c and not (subs and key == (module, cls) and c.count('.') > 1): result.append(c + '.' + member)
        todo.extend(subs)
    return sorted(set(result))
def params_of(fn):
    a = fn.args
    return [x.arg for x in a.posonlyargs + a.args + a.kwonlyargs]
def is_warn(stmt):
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and callname(stmt.value) == 'warn' and stmt.value.args
def delegate(fn, warn_stmt):
    # the deprecated function's whole body is the warning and 'return <call>' / 'yield from <call>' passing its own
    # parameters through unchanged: the replacement computes the same thing (the old name is an alias)
    body = [s for s in fn.body if s is not warn_stmt and not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant) and isinstance(s.value.value, str))]
    if len(body) != 1: return None
    s = body[0]
    # a property that only warns and returns another attribute of the object (is_monotonic → is_monotonic_increasing)
    if isinstance(s, ast.Return) and isinstance(s.value, ast.Attribute) and dotted(s.value) and params_of(fn) == ['self']:
        return dotted(s.value)
    call = s.value if isinstance(s, ast.Return) else s.value.value if isinstance(s, ast.Expr) and isinstance(s.value, ast.YieldFrom) else None
    if not isinstance(call, ast.Call): return None
    target = dotted(call.func)
    if not target: return None
    params = [p for p in params_of(fn) if p not in ('self', 'cls')]
    passed = [a.id for a in call.args if isinstance(a, ast.Name)] + [k.value.id for k in call.keywords if k.arg and isinstance(k.value, ast.Name) and k.arg == k.value.id]
    star = [a for a in call.args if isinstance(a, ast.Starred)] + [k for k in call.keywords if k.arg is None]
    if len(passed) + len(star) != len(call.args) + len(call.keywords): return None
    if sorted(passed) != sorted(params) and not star: return None
    if star and (not fn.args.vararg and not fn.args.kwarg): return None
    return target
def warned(fn, module, prefix, rel):
    for stmt in fn.body:
        if not is_warn(stmt): continue
        msg = lit(stmt.value.args[0])
        if not isinstance(msg, str) or 'deprecat' not in msg.lower(): continue
        out.append(dict(kind='warn', module=module, name=prefix + fn.name, message=msg, params=params_of(fn), delegate=delegate(fn, stmt), line=stmt.lineno, file=rel))
def module_getattr(fn, module, rel):
    # 'def __getattr__(name): if name == "X": warnings.warn("X is deprecated ... use Y"); return Y'
    for node in ast.walk(fn):
        if not isinstance(node, ast.If): continue
        t = node.test
        if not (isinstance(t, ast.Compare) and len(t.comparators) == 1 and isinstance(t.ops[0], ast.Eq) and isinstance(t.comparators[0], ast.Constant) and isinstance(t.comparators[0].value, str)): continue
        for stmt in node.body:
            if is_warn(stmt):
                msg = lit(stmt.value.args[0])
                if isinstance(msg, str) and 'deprecat' in msg.lower():
                    out.append(dict(kind='warn', module=module, name=t.comparators[0].value, message=msg, params=[], delegate=None, line=stmt.lineno, file=rel))
for dirpath, dirs, files in os.walk(os.path.join(root, pkg)):
    dirs[:] = sorted(d for d in dirs if d not in ('tests', 'test', '__pycache__'))
    for fn in sorted(files):
        if not fn.endswith('.py'): continue
        path = os.path.join(dirpath, fn)
        rel = os.path.relpath(path, root)
        module = rel[:-3].replace(os.sep, '.')
        if module.endswith('.__init__'): module = module[:-9]
        try:
            tree = ast.parse(open(path, encoding='utf-8').read())
        except Exception:
            continue
        if rel.replace(os.sep, '/') == 'numpy/__init__.py':
            # numpy's former aliases of builtins (np.float, np.int …): the message template and the names
            template = None
            for node in ast.walk(tree):
                if isinstance(node, ast.Assign) and getattr(node.targets[0], 'id', '') == '_msg' and isinstance(node.value, ast.Constant):
                    template = node.value.value
            for node in ast.walk(tree):
                if template and isinstance(node, ast.Assign) and getattr(node.targets[0], 'id', '') == '_type_info' and isinstance(node.value, ast.List):
                    for elt in node.value.elts:
                        if isinstance(elt, ast.Tuple) and elt.elts and isinstance(elt.elts[0], ast.Constant):
                            n = elt.elts[0].value
                            try:
                                message = template.format(n=n, extended_msg='').strip()
                            except (KeyError, IndexError, ValueError):
                                continue  # another release's template (other placeholders): not this table
                            out.append(dict(kind='former', module='numpy', name=n, message=message, line=node.lineno, file=rel))
        if fn == '_expired_attrs_2_0.py':
            for node in tree.body:
                if isinstance(node, ast.Assign) and getattr(node.targets[0], 'id', '') == '__expired_attributes__':
                    d = lit(node.value) or {}
                    for k, v in d.items():
                        out.append(dict(kind='expired', module='numpy', name=k, message=v, line=node.lineno, file=rel))
        def visit(body, prefix):
            for node in body:
                if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
                    for dec in node.decorator_list:
                        if not isinstance(dec, ast.Call): continue
                        name = callname(dec)
                        kw = {k.arg: lit(k.value) for k in dec.keywords if k.arg}
                        args = [lit(a) for a in dec.args]
                        if name in ('deprecated', 'deprecate'):
                            msg = args[0] if args and isinstance(args[0], str) else kw.get('message') or kw.get('extra') or ''
                            out.append(dict(kind='deprecated', module=module, name=prefix + node.name, message=msg if isinstance(msg, str) else '',
                                            since=args[0] if args and isinstance(args[0], str) and re.match(r'^\d', args[0]) else kw.get('since'),
                                            alternative=kw.get('alternative'), removal=kw.get('removal'), line=dec.lineno, file=rel))
                        elif name == 'rename_parameter' and len(args) >= 3:
                            out.append(dict(kind='rename-param', module=module, name=prefix + node.name, since=args[0], old=args[1], new=args[2], line=dec.lineno, file=rel))
                        elif name == 'deprecate_kwarg':
                            old = kw.get('old_arg_name', args[0] if args else None); new = kw.get('new_arg_name', args[1] if len(args) > 1 else None)
                            if isinstance(old, str):
                                out.append(dict(kind='rename-param', module=module, name=prefix + node.name, since=None, old=old, new=new if isinstance(new, str) else None, line=dec.lineno, file=rel))
                    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        warned(node, module, prefix, rel)
                    if isinstance(node, ast.ClassDef):
                        visit(node.body, prefix + node.name + '.')
                        if not prefix:
                            classes[(module, node.name)] = dict(bases=[b for b in (dotted(x) for x in node.bases) if b], members={n.name for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))})
                    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == '__getattr__' and not prefix:
                        module_getattr(node, module, rel)
        visit(tree.body, '')
        scan_imports(tree.body, module, fn == '__init__.py')
for item in out:
    item['owners'] = owners(item['module'], item['name'])
print(json.dumps(out))
`;
