// The command line: `npm run --silent remora -- SUBCOMMAND ...` (contract in shared/spec/remora.md).
import { Command, InvalidArgumentError } from 'commander';
import { emit, readStdin } from './io';

const program = new Command();
program.name('remora').description('Run and measure small tool-calling models as agents.').showHelpAfterError();

program
  .command('harness')
  .description('Run an experiment: every variant against the model, conversations stored in SQLite.')
  .requiredOption('--agent <name>', 'agent name (a folder under agents/)')
  .requiredOption('--base-url <url>', 'OpenAI-compatible base URL, e.g. http://127.0.0.1:8000/v1')
  .requiredOption('--model <name>', 'model (or LoRA adapter) name to send')
  .option('--variant <name=file>', 'a variant: its name and a file holding its system prompt (repeatable)', collect, [])
  .option('--requests-per-variant <n>', 'conversations per variant', positiveInteger, 20)
  .option('--concurrency <n>', 'conversations at once', positiveInteger, 8)
  .option('--tool-choice <choice>', 'auto | required | none | a tool name', 'auto')
  .option('--temperature <t>', 'sampling temperature', nonNegativeNumber, 0)
  .option('--max-tokens <n>', 'max tokens per response', positiveInteger)
  .option('--response-preference <p>', 'tool_calls-first | content-first', 'tool_calls-first')
  .option('--history-mode <mode>', 'full | initial-only', 'full')
  .option('--force-submit', 'name submit_result as tool_choice on the last turn', false)
  .option('--tools-in-prompt', 'put the tool schemas in the system prompt instead of the tools parameter', false)
  .option('--api-key-env <name>', 'environment variable that holds the API key')
  .option('--inputs <file>', 'inputs file (YAML, JSON or JSONL) instead of the agent\'s default inputs')
  .option('--agents-dir <dir>', 'agents folder', 'agents')
  .option('--db <path>', 'SQLite database file', process.env.REMORA_DB ?? 'data/remora.db')
  .option('--experiment-id <id>', 'id for a new experiment, or the id of an unfinished one to resume')
  .option('--json', 'print only the summary JSON on stdout', false)
  .action(async (options) => {
    const { runHarnessCommand } = await import('./harness-command');
    process.exitCode = await runHarnessCommand(options);
  });

program
  .command('parse')
  .description('Parse one chat-completion message (JSON on stdin) and print its parse path and calls.')
  .action(async () => {
    const { runParseCommand } = await import('./parse-command');
    emit(runParseCommand(await readStdin()));
  });

program
  .command('render')
  .description('Render {"messages", "tools"} (JSON on stdin) in FunctionGemma\'s native prompt format.')
  .action(async () => {
    const { runRenderCommand } = await import('./render-command');
    emit(runRenderCommand(await readStdin()));
  });

program
  .command('validate')
  .description('Check every agent definition.')
  .option('--agents-dir <dir>', 'agents folder', 'agents')
  .action(async (options) => {
    const { runValidateCommand } = await import('./validate-command');
    emit(await runValidateCommand({ agentsDir: options.agentsDir }));
  });

program
  .command('sim')
  .description('Start the simulated FunctionGemma endpoint (OpenAI-compatible).')
  .option('--port <n>', 'port (0 picks a free one)', nonNegativeInteger, 8089)
  .option('--host <host>', 'address to listen on', '127.0.0.1')
  .option('--seed <n>', 'random seed', nonNegativeInteger)
  .option('--config <file>', 'JSON file of simulator settings (shape weights, failure rates, latency)')
  .action(async (options) => {
    const { startSimFromCli } = await import('./sim-command');
    await startSimFromCli(options);
  });

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new InvalidArgumentError('must be a whole number of at least 1');
  return number;
}

function nonNegativeInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new InvalidArgumentError('must be a whole number of at least 0');
  return number;
}

function nonNegativeNumber(value: string): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new InvalidArgumentError('must be a number of at least 0');
  return number;
}

await program.parseAsync(process.argv);
