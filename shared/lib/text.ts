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
