// The `nbrevive` command: dispatches to the subcommands. Bad input and unusable runtimes end with a one-line
// reason and a non-zero exit code; an executed notebook exits 0 whatever it did.
import { isNbreviveError } from '../../shared/lib/errors';
import { UsageError } from './options';

const HELP = `nbrevive — bring old machine-learning notebooks back to life

usage: nbrevive <command> [options]

  run <notebook|case>         execute once; report each failing cell, the score vs the author's, the verdict
  modernize <notebook|case>   execute → judge → fix until the notebook runs and reproduces its score
  corpus run <dir>            modernize every case below dir; prints the outcome tables
  export <jobId> --out FILE   write a job's best version (--format ipynb|py|diff)
  targets <notebook>          the scores its saved outputs show, ranked (what --target auto uses)
  case init <notebook>        write an nbrevive.case.json beside it with the target found and the data folder
  runtimes                    the runtimes (local Python interpreters, Docker) with their status and versions
  images [pull|build]         Docker images: list, pull a preset, build resources/docker/Dockerfile
  rules                       the migration rules catalog
  serve                       the workbench UI and HTTP API for a browser (loopback, token)
  worker                      a worker running queued jobs (--queue redis://…: on any machine, for a serve --queue host)

Run 'nbrevive <command> --help' for a command's options.`;

type Command = (args: string[]) => Promise<number>;

const COMMANDS: Record<string, () => Promise<Command>> = {
  run: async () => (await import('./commands/job')).runCommand,
  modernize: async () => (await import('./commands/modernize')).modernizeCommand,
  corpus: async () => (await import('./commands/corpus')).corpusCommand,
  export: async () => (await import('./commands/export')).exportCommand,
  targets: async () => (await import('./commands/targets')).targetsCommand,
  case: async () => (await import('./commands/targets')).caseCommand,
  runtimes: async () => (await import('./commands/runtimes')).runtimesCommand,
  images: async () => (await import('./commands/runtimes')).imagesCommand,
  rules: async () => (await import('./commands/rules')).rulesCommand,
  serve: async () => (await import('./commands/serve')).serveCommand,
  worker: async () => (await import('./commands/worker')).workerCommand,
};

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    const topic = args[0];
    if (topic && COMMANDS[topic]) return (await COMMANDS[topic]())(['--help']);
    console.log(HELP);
    return 0;
  }
  if (name === '--version') {
    console.log('nbrevive 0.1.0');
    return 0;
  }
  const load = COMMANDS[name];
  if (!load) {
    console.error(`nbrevive: unknown command '${name}' (see nbrevive --help)`);
    return 2;
  }
  try {
    return await (
      await load()
    )(args);
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`nbrevive ${name}: ${e.message} (see nbrevive ${name} --help)`);
      return 2;
    }
    if (isNbreviveError(e)) {
      console.error(`nbrevive: ${e.message}`);
      return 2;
    }
    console.error(`nbrevive: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    return 1;
  }
}

const code = await main(process.argv.slice(2));
process.exitCode = code;
// open handles (a kernel being torn down, a timer) must not keep a finished command alive
setTimeout(() => process.exit(code), 2000).unref();
