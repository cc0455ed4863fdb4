// The call `interact` made when a notebook ran: environment.widget-imports' computation, in a module of its own
// (widget-imports.ts holds the rule; this file only reads syntax).
//
// `interact(f, x=(0, 10))` and `@interact(x=(0, 10)) def f(x)` build one control per parameter of `f` and call `f`
// once with the controls' first values when the widget is displayed (ipywidgets 5–7: on display; 8: at
// construction), so the figure or table it draws was part of the run. ipywidgets 5.0–8.1 (interaction.py) derive
// those first values the same way for the abbreviations read here:
//   - a 2- or 3-tuple of numbers is a slider from min to max: its value is the function's own default for the
//     parameter when it has one (clamped to the range, `_validate_value`), else the middle, `min + (max - min) // 2`
//     for integers and `min + (max - min) / 2` for floats, moved down onto the step for an integer 3-tuple;
//   - a single number, bool or string is a control whose value is that value;
//   - a list of strings is a dropdown showing its first item, or the function's default where that is one of them;
//   - `fixed(v)` is `v`; `IntSlider/FloatSlider(value=…)`, `Checkbox(value=…)`, `Text(value=…)` are their `value`;
//   - a parameter the call does not name takes its default (a number, bool or string), so it is left out;
//   - keywords that are not parameters of `f` are ignored.
// Anything else (a list of numbers: a slider before ipywidgets 6, a dropdown since; a float 3-tuple without a
// default; a variable; a widget without a literal value; a function with **kwargs, annotations or a parameter
// without default that the call does not set) has no certain first value: null, and the rule only comments out.
import type { Node } from 'web-tree-sitter';
import type { ParsedSource } from '../../../../python/python-parser';
import { BINDING_STATEMENTS, cellBindings } from '../../bindings';
import type { NotebookView } from '../../rule';
import { callArguments, keywordName, stringContent } from '../../syntax';

interface NumberLiteral {
  integer: boolean;
  value: number;
}

/** A decimal int or float literal, with an optional sign: `3`, `-0.5`, `1e-3`. */
function numberLiteral(node: Node, parsed: ParsedSource): NumberLiteral | null {
  let sign = 1;
  let current = node;
  if (current.type === 'unary_operator') {
    const operator = parsed.text(current).trim()[0];
    const operand = current.childForFieldName('argument');
    if ((operator !== '-' && operator !== '+') || !operand) return null;
    sign = operator === '-' ? -1 : 1;
    current = operand;
  }
  const text = parsed.text(current);
  if (current.type === 'integer' && /^(?:0|[1-9]\d{0,14})$/.test(text))
    return { integer: true, value: sign * Number(text) };
  if (current.type === 'float' && /^(?:\d+\.\d*|\.\d+|\d+(?:\.\d*)?[eE][-+]?\d+)$/.test(text)) {
    const value = sign * Number(text);
    return Number.isFinite(value) ? { integer: false, value } : null;
  }
  return null;
}

/** A single value ipywidgets turns into a control whose value is itself: a number, bool or plain string literal. */
function isScalarLiteral(node: Node, parsed: ParsedSource): boolean {
  return (
    node.type === 'true' || node.type === 'false' || numberLiteral(node, parsed) !== null || plainString(node, parsed)
  );
}

function plainString(node: Node, parsed: ParsedSource): boolean {
  const content = stringContent(node, parsed);
  return content !== null && !content.includes('\\');
}

/** Python's repr of a float, for the values a repr writes without an exponent; null otherwise. */
function floatText(value: number): string | null {
  const magnitude = Math.abs(value);
  if (magnitude !== 0 && (magnitude < 1e-4 || magnitude >= 1e16)) return null;
  const text = String(value);
  if (/e/i.test(text)) return null;
  return Number.isInteger(value) ? `${text}.0` : text;
}

/** The first value of a numeric-tuple slider: the default (clamped) or the middle of the range, as Python text. */
function sliderValue(items: Node[], fallback: Node | null, parsed: ParsedSource): string | null {
  const numbers = items.map((item) => numberLiteral(item, parsed));
  if (numbers.some((n) => n === null)) return null;
  const [min, max, step] = (numbers as NumberLiteral[]).map((n) => n.value) as [number, number, number | undefined];
  const integer = (numbers as NumberLiteral[]).every((n) => n.integer);
  if (!(min < max) || (step !== undefined && !(step > 0))) return null;
  if (fallback) {
    const value = numberLiteral(fallback, parsed);
    // an IntSlider casts a float default with int(): not followed
    if (!value || (integer && !value.integer)) return null;
    const clamped = Math.min(Math.max(value.value, min), max);
    return integer ? String(clamped) : floatText(clamped);
  }
  if (!integer) return step === undefined ? floatText(min + (max - min) / 2) : null;
  let value = min + Math.floor((max - min) / 2);
  if (step !== undefined) value = min + Math.floor((value - min) / step) * step;
  return String(value);
}

/** The widget member an expression's callee stands for (`interact`, `fixed`…), through the widget imports. */
export function widgetMember(
  callee: Node | null,
  members: ReadonlyMap<string, string | null>,
  parsed: ParsedSource,
): string | null {
  if (!callee) return null;
  if (callee.type === 'identifier') return members.get(parsed.text(callee)) ?? null;
  if (callee.type !== 'attribute') return null;
  const object = callee.childForFieldName('object');
  const attribute = callee.childForFieldName('attribute');
  if (!object || !attribute || object.type !== 'identifier') return null;
  const name = parsed.text(object);
  return members.has(name) && members.get(name) === null ? parsed.text(attribute) : null;
}

/** `IntSlider(value=5, min=0, max=9)`-like widgets with a literal value: that value as Python text. */
function widgetValue(call: Node, member: string, parsed: ParsedSource): string | null {
  const args = callArguments(call);
  if (args.some((arg) => arg.type !== 'keyword_argument')) return null;
  const keywords = new Map(args.map((arg) => [keywordName(arg, parsed), arg.childForFieldName('value') as Node]));
  const value = keywords.get('value');
  if (!value) return null;
  if (member === 'Checkbox') return value.type === 'true' || value.type === 'false' ? parsed.text(value) : null;
  if (member === 'Text' || member === 'Textarea') return plainString(value, parsed) ? parsed.text(value) : null;
  if (member !== 'IntSlider' && member !== 'FloatSlider') return null;
  const integer = member === 'IntSlider';
  const bound = (name: string, fallback: number): number | null => {
    const node = keywords.get(name);
    if (!node) return fallback;
    const n = numberLiteral(node, parsed);
    return n && (!integer || n.integer) ? n.value : null;
  };
  const number = numberLiteral(value, parsed);
  const min = bound('min', 0);
  const max = bound('max', integer ? 100 : 10);
  if (!number || min === null || max === null || (integer && !number.integer)) return null;
  if (number.value < min || number.value > max) return null;
  return integer ? String(number.value) : floatText(number.value);
}

/** The first value ipywidgets gives a parameter for this abbreviation, as Python text; null when not certain. */
function firstValue(
  abbreviation: Node,
  fallback: Node | null,
  members: ReadonlyMap<string, string | null>,
  parsed: ParsedSource,
  definition: ParsedSource,
): string | null {
  if (abbreviation.type === 'parenthesized_expression') return null;
  if (abbreviation.type === 'tuple') {
    const items = abbreviation.namedChildren;
    return items.length === 2 || items.length === 3 ? sliderValue(items, fallback, parsed) : null;
  }
  if (isScalarLiteral(abbreviation, parsed)) return parsed.text(abbreviation);
  if (abbreviation.type === 'list') {
    const items = abbreviation.namedChildren;
    if (items.length === 0 || !items.every((item) => plainString(item, parsed))) return null;
    if (!fallback) return parsed.text(items[0] as Node);
    // a default not among the items is not selectable: the dropdown keeps its first item
    if (!isScalarLiteral(fallback, definition)) return null;
    const wanted = stringContent(fallback, definition);
    const match = items.find((item) => wanted !== null && stringContent(item, parsed) === wanted);
    return parsed.text(match ?? (items[0] as Node));
  }
  if (abbreviation.type === 'call') {
    const member = widgetMember(abbreviation.childForFieldName('function'), members, parsed);
    if (member === 'fixed') {
      const args = callArguments(abbreviation);
      return args.length === 1 && args[0]?.type !== 'keyword_argument' ? parsed.text(args[0] as Node) : null;
    }
    return member ? widgetValue(abbreviation, member, parsed) : null;
  }
  return null;
}

/** The notebook's one module-level, undecorated `def name(…)`, defined before `cellIndex`/`offset`; else null. */
export function notebookFunction(
  notebook: NotebookView,
  name: string,
  cellIndex: number,
  offset: number,
): { node: Node; parsed: ParsedSource } | null {
  let found: { node: Node; parsed: ParsedSource } | null = null;
  for (const index of notebook.codeCells) {
    const source = notebook.source(index);
    if (!source.includes(name)) continue;
    const parsed = notebook.parse(index);
    for (const { node: def, target } of cellBindings(parsed, ['definition'])) {
      if (parsed.text(target) !== name) continue;
      if (found || def.type !== 'function_definition' || def.parent?.type !== 'module') return null;
      if (index > cellIndex || (index === cellIndex && def.endIndex > offset)) return null;
      found = { node: def, parsed };
    }
    // any other binding of the name (an assignment, a loop, an import) makes the function uncertain
    const targets = [
      ...cellBindings(parsed, BINDING_STATEMENTS).map(({ target }) => target),
      ...parsed.nodes('import_statement'),
      ...parsed.nodes('import_from_statement'),
    ];
    if (targets.some((target) => target.descendantsOfType('identifier').some((id) => parsed.text(id) === name)))
      return null;
  }
  return found;
}

/**
 * The call `interact` made: `f(x=5, y='a')` for a function `definition` (its parsed cell `source`) and the
 * keyword arguments of the interact call or decorator; null when a first value is not certain.
 */
export function firstCall(
  name: string,
  definition: Node,
  source: ParsedSource,
  keywords: Node[],
  members: ReadonlyMap<string, string | null>,
  parsed: ParsedSource,
): string | null {
  const parameters = definition.childForFieldName('parameters');
  if (!parameters) return null;
  const given = new Map<string, Node>();
  for (const keyword of keywords) {
    if (keyword.type !== 'keyword_argument') return null;
    given.set(keywordName(keyword, parsed), keyword.childForFieldName('value') as Node);
  }
  given.delete('clear_output'); // interactive() takes it for itself
  const args: string[] = [];
  for (const parameter of parameters.namedChildren) {
    if (parameter.type === 'list_splat_pattern' || parameter.type === 'keyword_separator') continue; // ignored
    if (parameter.type === 'comment') continue;
    let parameterName: string;
    let fallback: Node | null = null;
    if (parameter.type === 'identifier') parameterName = source.text(parameter);
    else if (parameter.type === 'default_parameter') {
      parameterName = source.text(parameter.childForFieldName('name') ?? parameter);
      fallback = parameter.childForFieldName('value');
    } else return null; // annotations, **kwargs, `/`, a py2 tuple parameter
    const abbreviation = given.get(parameterName);
    if (!abbreviation) {
      // the default is the abbreviation: a control showing the default, the same as leaving it out
      if (!fallback || !isScalarLiteral(fallback, source)) return null;
      continue;
    }
    const value = firstValue(abbreviation, fallback, members, parsed, source);
    if (value === null) return null;
    args.push(`${parameterName}=${value}`);
  }
  return `${name}(${args.join(', ')})`;
}
