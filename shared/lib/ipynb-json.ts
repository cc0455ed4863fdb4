// JSON exactly as Python's `json` module reads and writes it, so that nbrevive can write a notebook byte for byte
// as nbformat does (json.dumps(indent=1, sort_keys=True, separators=(",", ": "), ensure_ascii=False)).
// JavaScript numbers cannot tell `1.0` from `1`, nor keep integers beyond 2^53, so the parser records such numbers
// in a side table keyed by their holder object; `dumpsPython` uses it as long as the value was not changed.
import { NbreviveError } from './errors';

/** holder object → key → the number as read and how Python writes it back */
const numberMarks = new WeakMap<object, Map<string | number, { value: number; repr: string }>>();

function markNumber(holder: object, key: string | number, value: number, repr: string): void {
  let marks = numberMarks.get(holder);
  if (!marks) numberMarks.set(holder, (marks = new Map()));
  marks.set(key, { value, repr });
}

/** Carry the number marks of `from` over to `to` (for shallow copies such as `{...cell, source}`). */
export function copyNumberMarks(from: object, to: object): void {
  const marks = numberMarks.get(from);
  if (marks) numberMarks.set(to, new Map(marks));
}

function markedRepr(holder: object, key: string | number, value: number): string | undefined {
  const mark = numberMarks.get(holder)?.get(key);
  return mark && Object.is(mark.value, value) ? mark.repr : undefined;
}

/** Python's repr(float): shortest round-trip digits, exponent form below 1e-4 and from 1e16 on. */
export function pythonFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const sign = x < 0 ? '-' : '';
  // String() gives the shortest round-trip digits (closest on ties), as Python's repr does; only the layout differs.
  const [mantissa = '', e = '0'] = String(Math.abs(x)).split('e');
  const [intPart = '', fracPart = ''] = mantissa.split('.');
  let digits = intPart + fracPart;
  let exp = Number.parseInt(e, 10) + intPart.length - 1;
  const leadingZeros = digits.length - digits.replace(/^0+/, '').length;
  digits = digits.slice(leadingZeros).replace(/0+$/, '') || '0';
  exp -= leadingZeros;
  if (exp < -4 || exp >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${m}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  if (exp >= 0) {
    const whole = digits.slice(0, exp + 1).padEnd(exp + 1, '0');
    return `${sign}${whole}.${digits.slice(exp + 1) || '0'}`;
  }
  return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
}

function pythonNumberRepr(holder: object, key: string | number, value: number): string {
  const marked = markedRepr(holder, key, value);
  if (marked !== undefined) return marked;
  if (!Number.isInteger(value)) return pythonFloatRepr(value);
  return Number.isSafeInteger(value) ? String(value) : BigInt(value).toString();
}

export class JsonSyntaxError extends Error {
  constructor(
    readonly problem: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${problem} at line ${line}, column ${column}`);
  }
}

const CONTROL = /[\u0000-\u001f]/;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * Parse JSON as Python's json.loads does (strict strings, NaN/Infinity accepted, duplicate keys: last wins),
 * remembering floats with integral values and integers too large for a double. Throws JsonSyntaxError.
 */
export function parsePythonJson(text: string): unknown {
  return new PythonJsonReader(text).document();
}

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const WORDS = [
  ['true', true],
  ['false', false],
  ['null', null],
  ['NaN', NaN],
  ['Infinity', Infinity],
  ['-Infinity', -Infinity],
] as const;
// Python's json stops near 1000 levels (RecursionError); so does this reader, well inside the JavaScript stack (a
// reader not yet optimized by the engine, whose frames are larger, overflowed it before 2000 levels)
const MAX_DEPTH = 1000;

/** A recursive-descent reader of one JSON text, `i` the offset it has read up to. */
class PythonJsonReader {
  private i = 0;
  private depth = 0;

  constructor(private readonly text: string) {}

  /** The one value of the text, with nothing but white space after it. */
  document(): unknown {
    const value = this.value(null, '');
    this.skipWs();
    if (this.i < this.text.length) this.fail(`unexpected ${this.describe()} after the JSON value`);
    return value;
  }

  private fail(problem: string, at = this.i): never {
    const before = this.text.slice(0, at);
    const line = before.split('\n').length;
    throw new JsonSyntaxError(problem, line, at - before.lastIndexOf('\n'));
  }

  private skipWs(): void {
    for (;;) {
      const c = this.text.charCodeAt(this.i);
      if (c === 32 || c === 9 || c === 10 || c === 13) this.i++;
      else return;
    }
  }

  private describe(): string {
    return this.i >= this.text.length ? 'end of text' : `'${this.text[this.i]}'`;
  }

  /** A value; `holder` and `key` say where it will be stored, so that a number can be marked there. */
  private value(holder: object | null, key: string | number): unknown {
    this.skipWs();
    const c = this.text[this.i];
    if (c === '{' || c === '[') {
      if (++this.depth > MAX_DEPTH) this.fail(`nested more than ${MAX_DEPTH} levels deep`);
      const container = c === '{' ? this.object() : this.array();
      this.depth--;
      return container;
    }
    if (c === '"') return this.string();
    for (const [word, value] of WORDS) {
      if (this.text.startsWith(word, this.i)) {
        this.i += word.length;
        return value;
      }
    }
    return this.number(holder, key);
  }

  private object(): Record<string, unknown> {
    const obj: Record<string, unknown> = {};
    this.sequence('}', () => {
      this.skipWs();
      if (this.text[this.i] !== '"') this.fail(`expected a property name in double quotes, found ${this.describe()}`);
      const k = this.string();
      this.skipWs();
      if (this.text[this.i] !== ':') this.fail(`expected ':', found ${this.describe()}`);
      this.i++;
      const v = this.value(obj, k);
      // a "__proto__" key must stay data, never change the prototype
      if (k === '__proto__')
        Object.defineProperty(obj, k, { value: v, enumerable: true, writable: true, configurable: true });
      else obj[k] = v;
    });
    return obj;
  }

  private array(): unknown[] {
    const arr: unknown[] = [];
    this.sequence(']', () => arr.push(this.value(arr, arr.length)));
    return arr;
  }

  /** The comma-separated items of an object or array, its opening bracket at `i`, up to and past `close`. */
  private sequence(close: '}' | ']', item: () => void): void {
    this.i++;
    this.skipWs();
    if (this.text[this.i] === close) {
      this.i++;
      return;
    }
    for (;;) {
      item();
      this.skipWs();
      if (this.text[this.i] === ',') {
        this.i++;
        continue;
      }
      if (this.text[this.i] === close) {
        this.i++;
        return;
      }
      this.fail(`expected ',' or '${close}', found ${this.describe()}`);
    }
  }

  /** A string, its opening quote at `i`. */
  private string(): string {
    const text = this.text;
    this.i++;
    // fast path: most strings (base64 images, code) have no escapes
    const quote = text.indexOf('"', this.i);
    if (quote !== -1) {
      const segment = text.slice(this.i, quote);
      if (!segment.includes('\\') && !CONTROL.test(segment)) {
        this.i = quote + 1;
        return segment;
      }
    }
    let out = '';
    let start = this.i;
    for (;;) {
      const c = text.charCodeAt(this.i);
      if (Number.isNaN(c)) this.fail('unterminated string', start - 1);
      if (c === 34) {
        out += text.slice(start, this.i);
        this.i++;
        return out;
      }
      if (c < 0x20) this.fail('invalid control character in string');
      if (c === 92) {
        out += text.slice(start, this.i) + this.escape();
        start = this.i;
        continue;
      }
      this.i++;
    }
  }

  /** The character an escape stands for, its backslash at `i`; moves past it. */
  private escape(): string {
    const e = this.text[this.i + 1] ?? '';
    if (e === 'u') {
      const hex = this.text.slice(this.i + 2, this.i + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('invalid \\uXXXX escape');
      this.i += 6;
      return String.fromCharCode(Number.parseInt(hex, 16));
    }
    const r = ESCAPES[e];
    if (r === undefined) this.fail('invalid escape');
    this.i += 2;
    return r;
  }

  /** A number; a float with an integral value or an integer too large for a double is marked on its holder. */
  private number(holder: object | null, key: string | number): number {
    NUMBER.lastIndex = this.i;
    const m = NUMBER.exec(this.text);
    if (!m) return this.fail(`expected a value, found ${this.describe()}`);
    this.i += m[0].length;
    const value = Number(m[0]);
    const isFloat = m[1] !== undefined || m[2] !== undefined;
    if (holder) {
      if (isFloat && Number.isInteger(value)) markNumber(holder, key, value, pythonFloatRepr(value));
      else if (!isFloat && !Number.isSafeInteger(value)) markNumber(holder, key, value, BigInt(m[0]).toString());
    }
    return value;
  }
}

/**
 * Python's json with ensure_ascii=False escapes the quote, the backslash and the C0 controls (short forms for
 * \b \f \n \r \t, else \u00xx in lower case) and nothing else: JSON.stringify does exactly the same, except that
 * it escapes lone surrogates, which Python would emit raw and then fail to encode as UTF-8.
 */
const pythonString = (s: string): string => JSON.stringify(s);

/** Python's sort_keys order: by code point (JavaScript's default sort compares UTF-16 units). */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let k = 0; k < n; k++) {
    let x = a.charCodeAt(k);
    let y = b.charCodeAt(k);
    if (x === y) continue;
    // surrogates (astral code points) sort after U+E000..U+FFFF in code point order
    if (x >= 0xd800) x = x < 0xe000 ? x + 0x2000 : x - 0x800;
    if (y >= 0xd800) y = y < 0xe000 ? y + 0x2000 : y - 0x800;
    return x - y;
  }
  return a.length - b.length;
}

/** json.dumps(value, indent=1, sort_keys=True, separators=(",", ": "), ensure_ascii=False) */
export function dumpsPython(value: unknown): string {
  const out: string[] = [];
  /** `count` items between brackets, one a line, indented one deeper than `level` (`[]` / `{}` when none) */
  const items = (open: string, close: string, count: number, level: number, item: (idx: number) => void): void => {
    if (count === 0) {
      out.push(open + close);
      return;
    }
    const indent = '\n' + ' '.repeat(level + 1);
    out.push(open);
    for (let idx = 0; idx < count; idx++) {
      out.push(idx === 0 ? indent : ',' + indent);
      item(idx);
    }
    out.push('\n' + ' '.repeat(level) + close);
  };
  const write = (v: unknown, holder: object | null, key: string | number, level: number): void => {
    if (v === null || v === undefined) out.push('null');
    else if (v === true) out.push('true');
    else if (v === false) out.push('false');
    else if (typeof v === 'number') out.push(holder ? pythonNumberRepr(holder, key, v) : pythonNumberRepr({}, key, v));
    else if (typeof v === 'string') out.push(pythonString(v));
    else if (Array.isArray(v)) {
      items('[', ']', v.length, level, (idx) => write(v[idx], v, idx, level + 1));
    } else if (typeof v === 'object') {
      const obj = v as Record<string, unknown>;
      const keys = Object.keys(obj)
        .filter((k) => obj[k] !== undefined)
        .sort(compareCodePoints);
      items('{', '}', keys.length, level, (idx) => {
        const k = keys[idx] as string;
        out.push(pythonString(k), ': ');
        write(obj[k], obj, k, level + 1);
      });
    } else {
      throw new NbreviveError('internal', `cannot write a ${typeof v} value as JSON`);
    }
  };
  write(value, null, '', 0);
  return out.join('');
}
