// The command line: `npm run --silent remora -- SUBCOMMAND ...` (contract in shared/spec/remora.md).
import { Command, InvalidArgumentError, Option } from 'commander';
import { config } from '../config';
import { LIMITS } from '../protocol/limits';
import { describeError, emit, readStdin } from './io';
import { exitCodeFor } from './exit-code';

const PORT = { min: 0, max: 65535 };

/** `--db`: the same file the panel uses (REMORA_DB, relative to the project root), whatever the working folder. */
function databaseOption(): Option {
  const { databaseFile, databaseFileShown } = config();
  return new Option('--db <path>', 'SQLite database file').default(databaseFile, JSON.stringify(databaseFileShown));
}

const program = new Command();
program
  .name('remora')
  .description('Run and measure small tool-calling models as agents.')
  .showHelpAfterError('(add --help for usage)');

program
  .command('harness')
  .description('Run an experiment: every variant against the model, conversations stored in SQLite.')
  .requiredOption('--agent <name>', 'agent name (a folder under agents/)')
  .option('--base-url <url>', 'OpenAI-compatible base URL, e.g. http://127.0.0.1:8000/v1 (required unless --gguf)')
  .option(
    '--replica <url>',
    'another base URL serving the same model; requests are spread by least outstanding (repeatable)',
    collect,
    [],
  )
  .option('--gguf <path>', 'run a GGUF model in process with llama.cpp instead of calling a server')
  .requiredOption('--model <name>', 'model (or LoRA adapter) name to send')
  .option('--variant <name=file>', 'a variant: its name and a file holding its system prompt (repeatable)', collect, [])
  .option(
    '--requests-per-variant <n>',
    'conversations per variant (default: 20, or one pass over --dataset or --python nodes)',
    integerIn(LIMITS.requestsPerVariant),
  )
  .option('--concurrency <n>', 'conversations at once', integerIn(LIMITS.concurrency), LIMITS.concurrency.default)
  .option(
    '--primary-metric <metric>',
    'the metric that decides (toolCallRate, validCallRate, completionRate, taskSuccessRate, turnsToCompletion...); the other comparisons are exploratory',
  )
  .option(
    '--stop-early',
    "stop once every chosen comparison (the primary metric's, else the rates') is decided by the live anytime-valid verdict",
    false,
  )
  .option('--tool-choice <choice>', 'auto | required | none | a tool name', 'auto')
  .option('--temperature <t>', 'sampling temperature', nonNegativeNumber, 0)
  .option('--max-tokens <n>', 'max tokens per response', integerIn(LIMITS.maxTokens))
  .option('--response-preference <p>', 'tool_calls-first | content-first', 'tool_calls-first')
  .option('--history-mode <mode>', 'full | initial-only', 'full')
  .option('--force-submit', 'name submit_result as tool_choice on the last turn', false)
  .option('--tools-in-prompt', 'put the tool schemas in the system prompt instead of the tools parameter', false)
  .option(
    '--logprobs',
    "ask for token log probabilities: stores the raw output, the tool-name confidence and values the server's parser lost",
    false,
  )
  .option(
    '--top-logprobs <n>',
    'alternatives per token with --logprobs (0-20): the runner-up tool names',
    nonNegativeInteger,
  )
  .option('--stream', 'stream each response and build the message from its chunks', false)
  .option('--api-key-env <name>', 'environment variable that holds the API key')
  .option(
    '--max-response-bytes <n>',
    'bytes one answer of the server may have, as sent and decompressed (default 4 MiB)',
    integerIn(LIMITS.responseBytes),
  )
  .option('--inputs <file>', "inputs file (YAML, JSON or JSONL) instead of the agent's default inputs")
  .option(
    '--dataset <file>',
    "run a dataset's cases and score the first response of each (imported into --db, or an identical stored one reused)",
  )
  .option('--dataset-format <format>', 'distil | bfcl | remora (default: told from the first line)')
  .option(
    '--scoring <mode>',
    "with --dataset: lenient (default) | bfcl (BFCL's AST checker exactly, leaderboard-comparable)",
  )
  .option(
    '--max-turns <n>',
    "model calls per conversation (default: the agent's; 1 for --dataset)",
    integerIn(LIMITS.maxTurns),
  )
  .option(
    '--python <path>',
    'take the inputs from the nodes of Python files or folders instead (repeatable)',
    collect,
    [],
  )
  .option(
    '--node-types <types>',
    "which nodes --python takes: function,method,class,module (default: the agent's own: module for lint, function for test and sample_data, else function,method,class)",
  )
  .option('--agents-dir <dir>', 'agents folder', 'agents')
  .addOption(databaseOption())
  .option('--experiment-id <id>', 'id for a new experiment, or the id of an unfinished one to resume')
  .option('--json', 'print only the summary JSON on stdout', false)
  .option(
    '--input-root <dir>',
    "a folder whose files the inputs (or dataset cases) may name, besides the agent's folder and --python (repeatable)",
    collect,
    [],
  )
  .option(
    '--unsafe-no-sandbox',
    "where bubblewrap is missing, run code the model writes (the test agent's pytest) anyway, with your own rights",
    false,
  )
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
  .option(
    '--generation-prompt',
    "open the model's turn at the end (default: only when the last message is not the model's)",
  )
  .option('--no-generation-prompt', 'never add the generation prompt')
  .action(async (options: { generationPrompt?: boolean }) => {
    const { runRenderCommand } = await import('./render-command');
    emit(runRenderCommand(await readStdin(), { generationPrompt: options.generationPrompt }));
  });

program
  .command('check-render')
  .description(
    'Ask a vLLM server how it renders a conversation (/tokenize, /detokenize) and compare it with the native format.',
  )
  .requiredOption('--base-url <url>', "the server's OpenAI-compatible base URL, e.g. http://127.0.0.1:8000/v1")
  .requiredOption('--model <name>', 'model (or LoRA adapter) name to send')
  .option(
    '--agent <name>',
    "render this agent's prompt (its system prompt, first input and tools) instead of the weather example",
  )
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

const dataset = program
  .command('dataset')
  .description('Datasets of cases with expected calls: import, export, list, and the verdicts of a run.');

dataset
  .command('import')
  .description('Import a dataset file; a file with a bad line is refused whole.')
  .argument('<file>', 'the dataset file (JSONL)')
  .option('--format <format>', 'distil | bfcl | remora (default: told from the first line)')
  .option('--name <name>', 'dataset name (default: the file name)')
  .option('--answers <file>', 'BFCL only: the possible-answer file, matched to the questions by id')
  .addOption(databaseOption())
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
  .addOption(databaseOption())
  .action(async (name: string, options) => {
    const { runDatasetExport } = await import('./dataset-command');
    emit(await runDatasetExport(name, options));
  });

dataset
  .command('list')
  .description('List the stored datasets.')
  .addOption(databaseOption())
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
  .addOption(databaseOption())
  .action(async (experimentId: string, options) => {
    const { runDatasetVerdicts } = await import('./dataset-command');
    emit(await runDatasetVerdicts(experimentId, options));
  });

program
  .command('export')
  .description(
    "Export an experiment's conversations as fine-tuning data, or its failed dataset cases as a new dataset.",
  )
  .argument('<experiment-id>', 'the experiment')
  .requiredOption(
    '--format <format>',
    'native (FunctionGemma prompt/completion, one example per model turn) | openai (chat fine-tuning JSONL with tools) | dataset (the cases whose first call failed, stored as a new dataset)',
  )
  .option('--out <file>', 'write to this file instead of stdout')
  .option('--variant <name>', 'only this variant')
  .option('--outcome <list>', 'conversations that ended so (comma-separated; default submitted)')
  .option(
    '--all-conversations',
    'also conversations with a failed request or an invalid call (default: every call valid)',
    false,
  )
  .option('--task-success <bool>', 'only conversations whose task-success check said true (or false)')
  .option('--name <name>', "dataset format: the new dataset's name")
  .addOption(databaseOption())
  .action(async (experimentId: string, options) => {
    const { runExportCommand } = await import('./export-command');
    emit(await runExportCommand(experimentId, options));
  });

program
  .command('verify')
  .description("Recount an experiment's live summary counters from its stored rows; exit 1 when they disagree.")
  .argument('<experiment-id>', 'the experiment')
  .addOption(databaseOption())
  .option('--json', 'print {experimentId, conversations, rows, countersKept, differences, agree}', false)
  .action(async (experimentId: string, options) => {
    const { runVerifyCommand } = await import('./verify-command');
    emit(await runVerifyCommand(experimentId, options));
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
  .option('--port <n>', 'port (0 picks a free one)', integerIn(PORT), 8089)
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
  .option('--port <n>', 'port (0 picks a free one)', integerIn(PORT), 8090)
  .option('--host <host>', 'address to listen on', '127.0.0.1')
  .option('--sequences <n>', 'conversations evaluated at once', positiveInteger, 4)
  .option('--context-size <n>', "tokens per conversation (default: min(the model's, 8192))", positiveInteger)
  .option(
    '--threads <n>',
    'CPU threads (default: one less than the cores llama.cpp counts, at least 1)',
    positiveInteger,
  )
  .option('--max-tokens <n>', 'max_tokens when a request gives none', positiveInteger, 1024)
  .option('--model-name <name>', 'the model name /v1/models lists (default: the file name)')
  .action(async (options) => {
    const { runServeCommand } = await import('./serve-command');
    await runServeCommand(options);
  });

program
  .command('fetch-model')
  .description('Download a GGUF model (resumable, checksum verified). This machine needs internet access for it.')
  .argument(
    '<url>',
    "the file's download URL (for Hugging Face: https://huggingface.co/OWNER/REPO/resolve/main/FILE.gguf)",
  )
  .requiredOption('--out <path>', 'where to save it')
  .option('--sha256 <hex>', 'the expected SHA-256 of the file')
  .option('--token-env <name>', 'environment variable holding a bearer token (gated models such as Gemma need one)')
  .option('--attempts <n>', 'connection attempts, each resuming where the last stopped', positiveInteger, 5)
  .option('--force', 'replace --out when it exists', false)
  .action(async (url: string, options) => {
    const { runFetchModelCommand } = await import('./fetch-model-command');
    emit(await runFetchModelCommand(url, options));
  });

const campaign = program
  .command('campaign')
  .description('Run an agent over every node of a repository, review each change, apply the accepted ones.');

campaign
  .command('run')
  .description(
    'Run an agent over every Python node of a repository (resumes the unfinished campaign with the same settings). Never writes the repository.',
  )
  .requiredOption('--agent <name>', 'agent name (a folder under agents/)')
  .requiredOption('--repo <path>', 'the repository (or a folder in it)')
  .option('--variant <name=file>', 'the system prompt to use: a name and a file holding it (once)', collect, [])
  .option(
    '--exclude <glob>',
    'leave out files matching this glob, relative to the repository (repeatable; .gitignore is honoured too)',
    collect,
    [],
  )
  .requiredOption('--base-url <url>', 'OpenAI-compatible base URL, e.g. http://127.0.0.1:8000/v1')
  .requiredOption('--model <name>', 'model name to send')
  .option('--concurrency <n>', 'nodes at once', integerIn(LIMITS.concurrency), 4)
  .option('--api-key-env <name>', 'environment variable that holds the API key')
  .option(
    '--context-tokens <n>',
    "the model's context size in tokens: nodes that cannot fit are skipped with the reason",
    positiveInteger,
  )
  .option('--max-file-bytes <n>', 'skip files larger than this (with the reason)', positiveInteger)
  .option('--unsafe-fixes', "let the lint agent apply ruff's unsafe fixes too", false)
  .option('--agents-dir <dir>', 'agents folder', 'agents')
  .addOption(databaseOption())
  .option('--json', 'print only {id, files, nodes, conversations, changes} on stdout', false)
  .action(async (options) => {
    const { runCampaignCommand } = await import('./campaign-run-command');
    process.exitCode = await runCampaignCommand(options);
  });

campaign
  .command('list')
  .description('The campaigns in the database.')
  .addOption(databaseOption())
  .option('--json', 'print JSON', false)
  .action(async (options) => {
    const { listCommand } = await import('./campaign-command');
    process.exitCode = await listCommand(options);
  });

campaign
  .command('show <id>')
  .description('A campaign: counts of nodes found, ran and skipped (with reasons), and its changes with their checks.')
  .addOption(databaseOption())
  .option('--json', 'print JSON (every change with its diff and checks)', false)
  .action(async (id, options) => {
    const { showCommand } = await import('./campaign-command');
    process.exitCode = await showCommand(id, options);
  });

campaign
  .command('accept <id> [changeIds...]')
  .description(
    'Accept changes by id, or every change whose checks all pass; overlapping changes are refused with both named.',
  )
  .option('--all-passing', 'accept every pending change whose checks all pass', false)
  .addOption(databaseOption())
  .action(async (id, changeIds, options) => {
    const { acceptCommand } = await import('./campaign-command');
    process.exitCode = await acceptCommand(id, changeIds, options);
  });

campaign
  .command('reject <id> <changeIds...>')
  .description('Reject changes by id.')
  .addOption(databaseOption())
  .action(async (id, changeIds, options) => {
    const { rejectCommand } = await import('./campaign-command');
    process.exitCode = await rejectCommand(id, changeIds, options);
  });

campaign
  .command('export <id>')
  .description("Write the accepted changes as one patch that `git apply` takes on the campaign's commit.")
  .requiredOption('--out <file>', 'the patch file to write')
  .addOption(databaseOption())
  .action(async (id, options) => {
    const { exportCommand } = await import('./campaign-command');
    process.exitCode = await exportCommand(id, options);
  });

campaign
  .command('apply <id>')
  .description(
    'Write the accepted changes into the working tree, or commit them on a new branch (one commit per file); refuses, naming each file, when a file changed since the campaign read it.',
  )
  .option('--branch <name>', 'commit on this new branch instead of writing the working tree')
  .option(
    '--test-command <command>',
    'then run the repository\'s own tests (e.g. "python3 -m pytest -q") on a copy, in the sandbox, and store the result',
  )
  .option(
    '--unsafe-no-sandbox',
    'where bubblewrap is missing, run the test command (and the tests the model wrote) anyway, with your own rights',
    false,
  )
  .addOption(databaseOption())
  .action(async (id, options) => {
    const { applyCommand } = await import('./campaign-command');
    process.exitCode = await applyCommand(id, options);
  });

campaign
  .command('test <id>')
  .description("Run the repository's own test command (after apply) and store its result with the campaign.")
  .requiredOption(
    '--command <command>',
    'the test command, run from the repository root (on a copy, in the sandbox, without network)',
  )
  .option('--branch <name>', 'run it on a copy of this branch instead of the working tree')
  .option(
    '--unsafe-no-sandbox',
    'where bubblewrap is missing, run the test command (and the tests the model wrote) anyway, with your own rights',
    false,
  )
  .addOption(databaseOption())
  .action(async (id, options) => {
    const { testCommand } = await import('./campaign-command');
    process.exitCode = await testCommand(id, options);
  });

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** A whole number within a row of the limits table (or any range), refused with the range otherwise. */
function integerIn(range: { min: number; max: number }): (value: string) => number {
  return (value) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < range.min || number > range.max) {
      throw new InvalidArgumentError(`must be a whole number, at least ${range.min} and at most ${range.max}`);
    }
    return number;
  };
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

// Whatever a command throws ends as one clear line (two for a bug) and a non-zero exit.
try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.stderr.write(`${describeError(error)}\n`);
  process.exitCode = exitCodeFor(error);
}
