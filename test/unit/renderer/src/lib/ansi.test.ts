import { describe, expect, it } from 'vitest';
import { parseAnsi, xterm256 } from '../../../../../renderer/src/lib/ansi';
import { stripAnsi } from '../../../../../shared/lib/text';

describe('parseAnsi', () => {
  it('splits an IPython traceback line into coloured segments', () => {
    const line = '\x1b[0;31mNameError\x1b[0m: name \x1b[1;32m"foo"\x1b[0m is not defined';
    const segs = parseAnsi(line);
    expect(segs.map((s) => s.text)).toEqual(['NameError', ': name ', '"foo"', ' is not defined']);
    expect(segs[0]).toMatchObject({ fg: 1, bold: false });
    expect(segs[1]).toMatchObject({ fg: null });
    expect(segs[2]).toMatchObject({ fg: 2, bold: true });
  });
  it('supports bright, background, 256-colour and truecolour codes', () => {
    const [bright, bg, c256, rgb, low] = parseAnsi(
      '\x1b[92ma\x1b[0;44mb\x1b[0;38;5;196mc\x1b[0;38;2;1;2;3md\x1b[0;38;5;3me',
    );
    expect(bright).toMatchObject({ text: 'a', fg: 10 });
    expect(bg).toMatchObject({ text: 'b', bg: 4, fg: null });
    expect(c256).toMatchObject({ text: 'c', fg: 'rgb(255,0,0)' });
    expect(rgb).toMatchObject({ text: 'd', fg: 'rgb(1,2,3)' });
    expect(low).toMatchObject({ text: 'e', fg: 3 });
  });
  it('resets single attributes and defaults with 22/39/49', () => {
    const segs = parseAnsi('\x1b[1;31;42mx\x1b[22my\x1b[39;49mz');
    expect(segs).toEqual([
      { text: 'x', fg: 1, bg: 2, bold: true, italic: false, underline: false },
      { text: 'y', fg: 1, bg: 2, bold: false, italic: false, underline: false },
      { text: 'z', fg: null, bg: null, bold: false, italic: false, underline: false },
    ]);
  });
  it('drops non-colour escapes and merges equal neighbours', () => {
    expect(parseAnsi('a\x1b[Kb\x1b[2Jc')).toEqual([
      { text: 'abc', fg: null, bg: null, bold: false, italic: false, underline: false },
    ]);
    expect(stripAnsi('\x1b[0;31mred\x1b[0m plain\x1b[K')).toBe('red plain');
  });
  it('maps the xterm cube and grey ramp', () => {
    expect(xterm256(16)).toBe('rgb(0,0,0)');
    expect(xterm256(231)).toBe('rgb(255,255,255)');
    expect(xterm256(232)).toBe('rgb(8,8,8)');
  });
});
