// What the scoring tests need from a runtime, on the reference Python: `runPython` (the Runtime interface's
// contract: `script` is Python source text, run as `python -c script args…` in `cwd`), and a real nbclient
// execution of a notebook (what a runtime's execute() produces, without the event stream).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Runtime } from '../../../main/core/runtime/runtime';
import { parseNotebook, serializeNotebook } from '../../../shared/lib/ipynb';
import type { Notebook } from '../../../shared/models/notebook';
import { TEST_PYTHON } from '../../helpers/python';

export const pythonRuntime: Pick<Runtime, 'runPython'> = {
  runPython(script, args, options) {
    return new Promise((resolve, reject) => {
      execFile(TEST_PYTHON, ['-c', script, ...args], { cwd: options.cwd, timeout: options.timeoutMs, encoding: 'utf8' }, (error, stdout, stderr) => {
        if (error) reject(new Error(`python exited with ${error.code ?? error.signal}: ${stderr.slice(-500)}`));
        else resolve(stdout);
      });
    });
  },
};

const EXECUTE = `
import sys, nbformat, nbclient
nb = nbformat.read(sys.argv[1], as_version=4)
nbclient.NotebookClient(nb, allow_errors=True, timeout=120, resources={'metadata': {'path': sys.argv[2]}}).execute()
nbformat.write(nb, sys.argv[3])
`;

/** Executes `notebook` with nbclient in `workingDir` and returns the executed notebook (parsed like any other). */
export async function executeNotebook(notebook: Notebook, workingDir: string): Promise<Notebook> {
  const input = path.join(workingDir, '..', 'version.ipynb');
  const output = path.join(workingDir, '..', 'executed.ipynb');
  fs.writeFileSync(input, serializeNotebook(notebook));
  await pythonRuntime.runPython(EXECUTE, [input, workingDir, output], { cwd: workingDir, timeoutMs: 120_000 });
  return parseNotebook(fs.readFileSync(output, 'utf8'), { source: output });
}
