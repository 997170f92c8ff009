import { GLOBAL_HELP, GLOBAL_VALUE_OPTIONS } from './args';
import { endCommand } from './command-end';
import { EXIT } from './exit-codes';
import type { CliIo } from './io';

export type { CliIo } from './io';
export { EXIT } from './exit-codes';

type Runner = (argv: string[], io: CliIo) => Promise<number>;

/**
 * Each command is loaded only when it runs: the simulator and browser-mode commands pull in
 * servers, workers and the web bundle, and no command should pay for the others' imports.
 */
const COMMANDS: Record<string, { load: () => Promise<Runner>; summary: string; ownArgs?: true }> = {
  login: {
    load: async () => (await import('./commands/login')).runLoginCommand,
    summary: 'log in; the login is kept in the OS keychain',
  },
  logout: {
    load: async () => (await import('./commands/logout')).runLogoutCommand,
    summary: 'log out and delete the kept login',
  },
  whoami: {
    load: async () => (await import('./commands/whoami')).runWhoamiCommand,
    summary: 'who is logged in, until when',
  },
  devices: {
    load: async () => (await import('./commands/devices')).runDevicesCommand,
    summary: 'the device table',
  },
  jobs: {
    load: async () => (await import('./commands/jobs')).runJobsCommand,
    summary: 'the job table',
  },
  job: {
    load: async () => (await import('./commands/job')).runJobCommand,
    summary: 'one job, decoded (payload, result, logs, errors)',
  },
  submit: {
    load: async () => (await import('./commands/submit')).runSubmitCommand,
    summary: 'validate and submit a payload document',
  },
  sweep: {
    load: async () => (await import('./commands/sweep')).runSweepCommand,
    summary: 'send one payload with some numbers swept, as one batch',
  },
  wait: {
    load: async () => (await import('./commands/wait')).runWaitCommand,
    summary: 'wait for a job to end, with progress',
  },
  cancel: {
    load: async () => (await import('./commands/cancel')).runCancelCommand,
    summary: 'cancel a job, where the connection can',
  },
  rerun: {
    load: async () => (await import('./commands/rerun')).runRerunCommand,
    summary: "submit a job's payload again (from the job it came from)",
  },
  tag: {
    load: async () => (await import('./commands/tag')).runTagCommand,
    summary: "add or remove a job's tags (kept on this computer)",
  },
  note: {
    load: async () => (await import('./commands/note')).runNoteCommand,
    summary: "set or show a job's note (kept on this computer)",
  },
  bundle: {
    load: async () => (await import('./commands/bundle')).runBundleCommand,
    summary: 'export jobs as one file, open one, run one again',
  },
  validate: {
    load: async () => (await import('./commands/validate')).runValidateCommand,
    summary: 'check a payload document offline',
  },
  convert: {
    load: async () => (await import('./commands/convert')).runConvertCommand,
    summary: "convert a payload between the friendly dialect and the SDK's form",
  },
  simulator: {
    load: async () => (await import('./commands/simulator')).runSimulatorCommand,
    summary: 'run the offline simulator of the service',
    ownArgs: true,
  },
  web: {
    load: async () => (await import('./commands/web')).runWebCommand,
    summary: 'run Quantum Job Studio in a browser',
    ownArgs: true,
  },
};

async function runCommandNamed(name: string, argv: string[], io: CliIo): Promise<number> {
  const command = COMMANDS[name];
  if (!command) throw new Error(`no command ${name}`);
  let run: Runner;
  try {
    run = await command.load();
  } catch (error) {
    io.stderr(`qjob: the '${name}' command could not be loaded: ${(error as Error).message}\n`);
    return EXIT.failed;
  }
  try {
    return await run(argv, io);
  } finally {
    await endCommand(io.stderr);
  }
}

const MAIN_USAGE = `usage: qjob COMMAND [options]

Author, submit and watch jobs on the quantum job execution service.

Commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(10)}  ${c.summary}`)
  .join('\n')}

Run "qjob COMMAND --help" for a command's options.

${GLOBAL_HELP}

Settings (connection profiles) are shared with the desktop app, in
$QJOB_CONFIG_DIR or the OS config folder (~/.config/quantum-job-studio on Linux).
Environment: QJOB_PROFILE, QJOB_BASE_URL, QJOB_VARIANT, QJOB_USER, QJOB_API_KEY,
QJOB_NO_KEYCHAIN=1, QJOB_CONFIG_DIR.

Exit codes: 0 success; 1 the operation failed (invalid payload; no such job or
device; job ended in error, timeout or cancelled); 2 usage, or the service
speaks the other variant than --variant or the profile says; 3 authentication;
4 network or service (unreachable, an error answer, an answer too large).
`;

/** The index of the command word: the first argument that is neither an option nor an option's value. */
function commandIndex(argv: string[]): number {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') return i + 1 < argv.length ? i + 1 : -1;
    if (!arg.startsWith('-')) return i;
    if (GLOBAL_VALUE_OPTIONS.has(arg)) i++;
  }
  return -1;
}

/** Runs `qjob` with these arguments (without `node` and the script) and returns the exit code. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const at = commandIndex(argv);
  if (at < 0) {
    if (argv.includes('--version')) {
      io.stdout(`qjob ${(await import('../core/client/user-agent')).CLIENT_VERSION}\n`);
      return EXIT.ok;
    }
    if (argv.includes('--help') || argv.includes('-h')) {
      io.stdout(MAIN_USAGE);
      return EXIT.ok;
    }
    io.stderr(`qjob: missing command\n\n${MAIN_USAGE}`);
    return EXIT.usage;
  }
  const name = argv[at] as string;
  if (name === 'help') {
    const topic = argv.slice(at + 1).find((a) => !a.startsWith('-'));
    if (topic && COMMANDS[topic]) return runCommandNamed(topic, ['--help'], io);
    io.stdout(MAIN_USAGE);
    return topic ? EXIT.usage : EXIT.ok;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr(`qjob: unknown command '${name}'\n\n${MAIN_USAGE}`);
    return EXIT.usage;
  }
  // Global options may come before the command word; commands that parse their own
  // arguments (simulator, web) get only what follows it.
  const rest = command.ownArgs ? argv.slice(at + 1) : [...argv.slice(0, at), ...argv.slice(at + 1)];
  return runCommandNamed(name, rest, io);
}
