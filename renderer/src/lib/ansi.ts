// ANSI SGR escape codes (tracebacks from IPython are coloured) → styled text segments, so the report keeps the
// colours without trusting any HTML. Other escape sequences (cursor moves, erase) are dropped.

export interface AnsiStyle {
  /** palette index 0–15, or a CSS colour for 256-colour / truecolour codes */
  fg: number | string | null;
  bg: number | string | null;
  bold: boolean;
  italic: boolean;
  underline: boolean;
}

export interface AnsiSegment extends AnsiStyle {
  text: string;
}

const PLAIN: AnsiStyle = { fg: null, bg: null, bold: false, italic: false, underline: false };

/** xterm's 256-colour cube and grey ramp for indexes 16–255 */
export function xterm256(n: number): string {
  if (n >= 232) {
    const v = 8 + (n - 232) * 10;
    return `rgb(${v},${v},${v})`;
  }
  const i = n - 16;
  const level = (x: number) => (x === 0 ? 0 : 55 + x * 40);
  return `rgb(${level(Math.floor(i / 36))},${level(Math.floor(i / 6) % 6)},${level(i % 6)})`;
}

function extended(codes: number[], at: number): { color: number | string | null; used: number } {
  const mode = codes[at + 1];
  if (mode === 5) {
    const n = codes[at + 2] ?? 0;
    return { color: n < 16 ? n : xterm256(n), used: 2 };
  }
  if (mode === 2) {
    const [r, g, b] = [codes[at + 2] ?? 0, codes[at + 3] ?? 0, codes[at + 4] ?? 0];
    return { color: `rgb(${r},${g},${b})`, used: 4 };
  }
  return { color: null, used: 0 };
}

function apply(style: AnsiStyle, params: string): AnsiStyle {
  const codes = params === '' ? [0] : params.split(';').map((p) => (p === '' ? 0 : Number(p)));
  const s = { ...style };
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i] as number;
    if (c === 0) Object.assign(s, PLAIN);
    else if (c === 1) s.bold = true;
    else if (c === 3) s.italic = true;
    else if (c === 4) s.underline = true;
    else if (c === 22) s.bold = false;
    else if (c === 23) s.italic = false;
    else if (c === 24) s.underline = false;
    else if (c >= 30 && c <= 37) s.fg = c - 30;
    else if (c >= 90 && c <= 97) s.fg = c - 90 + 8;
    else if (c === 39) s.fg = null;
    else if (c >= 40 && c <= 47) s.bg = c - 40;
    else if (c >= 100 && c <= 107) s.bg = c - 100 + 8;
    else if (c === 49) s.bg = null;
    else if (c === 38 || c === 48) {
      const { color, used } = extended(codes, i);
      if (c === 38) s.fg = color;
      else s.bg = color;
      i += used;
    }
  }
  return s;
}

// CSI sequences (ESC [ params final-byte) and the few two-byte escapes tracebacks could contain
const ESCAPE = /\x1b\[([0-9;?]*)([@-~])|\x1b[()][0-9A-Za-z]|\x1b[=>]/g;

export function parseAnsi(input: string): AnsiSegment[] {
  const out: AnsiSegment[] = [];
  let style: AnsiStyle = PLAIN;
  let last = 0;
  const push = (text: string) => {
    if (!text) return;
    const prev = out[out.length - 1];
    if (prev && sameStyle(prev, style)) prev.text += text;
    else out.push({ ...style, text });
  };
  for (const m of input.matchAll(ESCAPE)) {
    push(input.slice(last, m.index));
    last = (m.index ?? 0) + m[0].length;
    if (m[2] === 'm') style = apply(style, m[1] ?? '');
  }
  push(input.slice(last));
  return out;
}

function sameStyle(a: AnsiStyle, b: AnsiStyle): boolean {
  return a.fg === b.fg && a.bg === b.bg && a.bold === b.bold && a.italic === b.italic && a.underline === b.underline;
}
