// Small text helpers both sides use.

const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007]*\u0007/g;

/** Removes ANSI colour and cursor sequences (IPython tracebacks are coloured). */
export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}
