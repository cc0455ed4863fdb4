// Small text helpers both sides use.

// CSI sequences (colour, cursor), OSC strings (titles, links), charset selection (ESC ( B) and keypad modes (ESC = / >)
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007]*\u0007|\u001b[()][0-9A-Za-z]|\u001b[=>]/g;

/** Removes ANSI colour and cursor sequences (IPython tracebacks are coloured). */
export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

/**
 * The first line that is not blank, trimmed; cut to `max` characters with an ellipsis. Some exceptions start their
 * message with a newline (statsmodels' removed ARIMA, scikit-learn's "All the N fits failed"): the first line of
 * such a message is empty, its meaning is on the next.
 */
export function firstLine(text: string, max = Infinity): string {
  const line =
    text
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim() ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * Python's str.splitlines(keepends): the line boundaries nbformat uses to split multiline strings (\n, \r\n, \r,
 * \v, \f, \x1c-\x1e, \x85, \u2028, \u2029). With keepEnds (the default) the pieces join back to the text.
 */
export function splitLines(text: string, keepEnds = true): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // \n \v \f \r \x1c \x1d \x1e \x85 \u2028 \u2029
    if (
      c === 10 ||
      c === 11 ||
      c === 12 ||
      c === 28 ||
      c === 29 ||
      c === 30 ||
      c === 0x85 ||
      c === 0x2028 ||
      c === 0x2029
    ) {
      lines.push(text.slice(start, keepEnds ? i + 1 : i));
      start = i + 1;
    } else if (c === 13) {
      const end = text.charCodeAt(i + 1) === 10 ? i + 2 : i + 1;
      lines.push(text.slice(start, keepEnds ? end : i));
      start = end;
      i = end - 1;
    }
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}
