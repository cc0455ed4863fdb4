// Small text helpers both sides use.

// CSI sequences (colour, cursor), OSC strings (titles, links), charset selection (ESC ( B) and keypad modes (ESC = / >)
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007]*\u0007|\u001b[()][0-9A-Za-z]|\u001b[=>]/g;

/** Removes ANSI colour and cursor sequences (IPython tracebacks are coloured). */
export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}
