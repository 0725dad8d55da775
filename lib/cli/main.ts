// The command line: `npm run --silent remora -- SUBCOMMAND ...` (contract in shared/spec/remora.md).
import { Command, InvalidArgumentError } from 'commander';
import { emit, readStdin } from './io';

const program = new Command();
program.name('remora').description('Run and measure small tool-calling models as agents.').showHelpAfterError();

program
  .command('harness')
  .description('Run an experiment: every variant against the model, conversations stored in SQLite.')
  .requiredOption('--agent <name>', 'agent name (a folder under agents/)')
  .option('--base-url <url>', 'OpenAI-compatible base URL, e.g. http://127.0.0.1:8000/v1 (required unless --gguf)')
  .option('--replica <url>', 'another base URL serving the same model; requests are spread by least outstanding (repeatable)', collect, [])
  .option('--gguf <path>', 'run a GGUF model in process with llama.cpp instead of calling a server')
  .requiredOption('--model <name>', 'model (or LoRA adapter) name to send')
  .option('--variant <name=file>', 'a variant: its name and a file holding its system prompt (repeatable)', collect, [])
  .option('--requests-per-variant <n>', 'conversations per variant (default: 20, or one pass over --dataset)', positiveInteger)
  .option('--concurrency <n>', 'conversations at once', positiveInteger, 8)
  .option('--tool-choice <choice>', 'auto | required | none | a tool name', 'auto')
  .option('--temperature <t>', 'sampling temperature', nonNegativeNumber, 0)
  .option('--max-tokens <n>', 'max tokens per response', positiveInteger)
  .option('--response-preference <p>', 'tool_calls-first | content-first', 'tool_calls-first')
  .option('--history-mode <mode>', 'full | initial-only', 'full')
  .option('--force-submit', 'name submit_result as tool_choice on the last turn', false)
  .option('--tools-in-prompt', 'put the tool schemas in the system prompt instead of the tools parameter', false)
  .option('--logprobs', 'ask for token log probabilities: stores the raw output, the tool-name confidence and values the server\'s parser lost', false)
  .option('--top-logprobs <n>', 'alternatives per token with --logprobs (0-20): the runner-up tool names', nonNegativeInteger)
  .option('--stream', 'stream each response and build the message from its chunks', false)
  .option('--api-key-env <name>', 'environment variable that holds the API key')
  .option('--inputs <file>', 'inputs file (YAML, JSON or JSONL) instead of the agent\'s default inputs')
  .option('--dataset <file>', 'run a dataset\'s cases and score the first response of each (imported into --db, or an identical stored one reused)')
  .option('--dataset-format <format>', 'distil | bfcl | remora (default: told from the first line)')
  .option('--max-turns <n>', 'model calls per conversation (default: the agent\'s; 1 for --dataset)', positiveInteger)
  .option('--python <path>', 'take the inputs from the nodes of Python files or folders instead (repeatable)', collect, [])
  .option('--node-types <types>', 'which nodes --python takes: function,method,class,module', 'function,method,class')
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
  .command('check-render')
  .description('Ask a vLLM server how it renders a conversation (/tokenize, /detokenize) and compare it with the native format.')
  .requiredOption('--base-url <url>', 'the server\'s OpenAI-compatible base URL, e.g. http://127.0.0.1:8000/v1')
  .requiredOption('--model <name>', 'model (or LoRA adapter) name to send')
  .option('--agent <name>', 'render this agent\'s prompt (its system prompt, first input and tools) instead of the weather example')
  .option('--agents-dir <dir>', 'agents folder', 'agents')
  .option('--input <file>', 'render {"messages", "tools"} from this JSON file instead')
  .option('--api-key-env <name>', 'environment variable that holds the API key')
  .option('--json', 'print the whole result as JSON', false)
  .action(async (options) => {
    const { runCheckRenderCommand } = await import('./check-render-command');
    emit(await runCheckRenderCommand(options));
  });

program
  .command('python-inputs')
  .description('Print experiment inputs (YAML) built from the nodes of Python files and folders.')
  .argument('<paths...>', 'Python files or folders (virtual environments, __pycache__ and hidden folders are skipped)')
  .option('--node-types <types>', 'which nodes: function,method,class,module', 'function,method,class')
  .option('--json', 'print JSON instead of YAML', false)
  .action(async (paths: string[], options) => {
    const { runPythonInputsCommand } = await import('./python-inputs-command');
    process.exitCode = await runPythonInputsCommand(paths, options);
  });

const dataset = program.command('dataset').description('Datasets of cases with expected calls: import, export, list, and the verdicts of a run.');

dataset
  .command('import')
  .description('Import a dataset file; a file with a bad line is refused whole.')
  .argument('<file>', 'the dataset file (JSONL)')
  .option('--format <format>', 'distil | bfcl | remora (default: told from the first line)')
  .option('--name <name>', 'dataset name (default: the file name)')
  .option('--answers <file>', 'BFCL only: the possible-answer file, matched to the questions by id')
  .option('--db <path>', 'SQLite database file', process.env.REMORA_DB ?? 'data/remora.db')
  .option('--json', 'print the stored dataset as JSON', false)
  .action(async (file: string, options) => {
    const { runDatasetImport } = await import('./dataset-command');
    emit(await runDatasetImport(file, options));
  });

dataset
  .command('export')
  .description('Write a stored dataset in a format (stdout, or --out FILE).')
  .argument('<name>', 'dataset name or id')
  .requiredOption('--format <format>', 'distil | bfcl | remora')
  .option('--out <file>', 'write to this file instead of stdout')
  .option('--db <path>', 'SQLite database file', process.env.REMORA_DB ?? 'data/remora.db')
  .action(async (name: string, options) => {
    const { runDatasetExport } = await import('./dataset-command');
    emit(await runDatasetExport(name, options));
  });

dataset
  .command('list')
  .description('List the stored datasets.')
  .option('--db <path>', 'SQLite database file', process.env.REMORA_DB ?? 'data/remora.db')
  .option('--json', 'print JSON', false)
  .action(async (options) => {
    const { runDatasetList } = await import('./dataset-command');
    emit(await runDatasetList(options));
  });

dataset
  .command('verdicts')
  .description('Print the verdict of each case of a dataset experiment, one JSON object a line.')
  .argument('<experiment-id>', 'the experiment')
  .option('--variant <name>', 'only this variant')
  .option('--wrong', 'only the cases the model got wrong', false)
  .option('--db <path>', 'SQLite database file', process.env.REMORA_DB ?? 'data/remora.db')
  .action(async (experimentId: string, options) => {
    const { runDatasetVerdicts } = await import('./dataset-command');
    emit(await runDatasetVerdicts(experimentId, options));
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

program
  .command('serve')
  .description('Serve a FunctionGemma GGUF model in process (llama.cpp on the CPU) as an OpenAI-compatible server.')
  .requiredOption('--gguf <path>', 'the GGUF model file')
  .option('--port <n>', 'port (0 picks a free one)', nonNegativeInteger, 8090)
  .option('--host <host>', 'address to listen on', '127.0.0.1')
  .option('--sequences <n>', 'conversations evaluated at once', positiveInteger, 4)
  .option('--context-size <n>', 'tokens per conversation (default: min(the model\'s, 8192))', positiveInteger)
  .option('--threads <n>', 'CPU threads (default: one less than the cores llama.cpp counts, at least 1)', positiveInteger)
  .option('--max-tokens <n>', 'max_tokens when a request gives none', positiveInteger, 1024)
  .option('--model-name <name>', 'the model name /v1/models lists (default: the file name)')
  .action(async (options) => {
    const { runServeCommand } = await import('./serve-command');
    await runServeCommand(options);
  });

program
  .command('fetch-model')
  .description('Download a GGUF model (resumable, checksum verified). This machine needs internet access for it.')
  .argument('<url>', 'the file\'s download URL (for Hugging Face: https://huggingface.co/OWNER/REPO/resolve/main/FILE.gguf)')
  .requiredOption('--out <path>', 'where to save it')
  .option('--sha256 <hex>', 'the expected SHA-256 of the file')
  .option('--token-env <name>', 'environment variable holding a bearer token (gated models such as Gemma need one)')
  .option('--attempts <n>', 'connection attempts, each resuming where the last stopped', positiveInteger, 5)
  .option('--force', 'replace --out when it exists', false)
  .action(async (url: string, options) => {
    const { runFetchModelCommand } = await import('./fetch-model-command');
    emit(await runFetchModelCommand(url, options));
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
