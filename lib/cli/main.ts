// The command line: `npm run --silent remora -- SUBCOMMAND ...` (contract in shared/spec/remora.md).
import { Command } from 'commander';
import { addCampaignCommands } from './campaign-flags';
import { addHarnessCommand } from './harness-flags';
import { databaseOption, integerIn, nonNegativeInteger, PORT, positiveInteger } from './flag-values';
import { describeError, emit, readStdin } from './io';
import { exitCodeFor } from './exit-code';

const program = new Command();
program
  .name('remora')
  .description('Run and measure small tool-calling models as agents.')
  .showHelpAfterError('(add --help for usage)');

addHarnessCommand(program);

program
  .command('parse')
  .description('Parse one chat-completion message (JSON on stdin) and print its parse path and calls.')
  .action(async () => {
    const { runParseCommand } = await import('./parse-command');
    emit(runParseCommand(await readStdin()));
  });

program
  .command('render')
  .description(
    'Render {"messages", "tools"} (JSON on stdin) in a model family\'s prompt format (FunctionGemma\'s by default).',
  )
  .option(
    '--generation-prompt',
    "open the model's turn at the end (default: only when the last message is not the model's)",
  )
  .option('--no-generation-prompt', 'never add the generation prompt')
  .option('--family <name>', 'model family whose chat template renders the prompt (default functiongemma)')
  .option('--chat-template <file>', "the model's own chat template: a .gguf, a tokenizer_config.json or a Jinja file")
  .action(async (options: { generationPrompt?: boolean; family?: string; chatTemplate?: string }) => {
    const { runRenderCommandWithTemplate } = await import('./render-command');
    emit(await runRenderCommandWithTemplate(await readStdin(), options));
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
  .option('--family <name>', 'model family whose chat template renders the prompt (default functiongemma)')
  .option('--chat-template <file>', "the model's own chat template: a .gguf, a tokenizer_config.json or a Jinja file")
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
    'native (FunctionGemma prompt/completion, one example per model turn) | ' +
      'openai (chat fine-tuning JSONL with tools) | ' +
      'dataset (the cases whose first call failed, stored as a new dataset)',
  )
  .option('--out <file>', 'write to this file instead of stdout')
  .option('--variant <name>', 'only this variant')
  .option(
    '--outcome <list>',
    'conversations that ended so (comma-separated; default any outcome for task successes, else submitted)',
  )
  .option(
    '--all-conversations',
    'also conversations with a failed request or an invalid call (default: every call valid)',
    false,
  )
  .option(
    '--task-success <which>',
    'true | false | any: conversations whose task-success check said so (default true when the runs were judged)',
  )
  .option(
    '--template <name>',
    "native format's chat template: google (the model's published one, default) | vllm-example (the seeds' vLLM one)",
  )
  .option('--family <name>', "native format of another model family, rendered with that family's chat template")
  .option(
    '--chat-template <file>',
    "native format from the model's own chat template (.gguf, tokenizer_config.json, Jinja)",
  )
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
  .command('judge')
  .description(
    "Judge a finished experiment's conversations with a model (any OpenAI-compatible endpoint); " +
      'its pass rate is compared across variants like any rate.',
  )
  .argument('<experiment-id>', 'the experiment')
  .requiredOption('--prompt-file <file>', "the judge's instructions (a changed text is saved as a new version)")
  .option('--prompt-name <name>', 'the name its versions are kept under (default: the file name)')
  .option('--endpoint <name>', 'a saved endpoint (its base URL, model and API key variable)')
  .option('--base-url <url>', 'OpenAI-compatible base URL, e.g. http://127.0.0.1:8000/v1')
  .option('--model <name>', "the judge's model")
  .option('--api-key-env <name>', 'the environment variable that holds the API key (never stored)')
  .option('--concurrency <n>', 'requests at once', positiveInteger, 4)
  .addOption(databaseOption())
  .option('--json', 'print {judge, summary}', false)
  .action(async (experimentId: string, options) => {
    const { runJudgeCommand } = await import('./judge-command');
    emit(await runJudgeCommand(experimentId, options));
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
  .option(
    '--family <name>',
    "model family whose native text it writes, served as vLLM's parser for that family serves it " +
      '(default functiongemma)',
  )
  .action(async (options) => {
    const { startSimFromCli } = await import('./sim-command');
    await startSimFromCli(options);
  });

program
  .command('serve')
  .description('Serve a GGUF model in process (llama.cpp on the CPU) as an OpenAI-compatible server.')
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
  .option(
    '--family <name>',
    "the model's family when it is not FunctionGemma (default: found from the GGUF's chat template)",
  )
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

addCampaignCommands(program);

// Whatever a command throws ends as one clear line (two for a bug) and a non-zero exit.
try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.stderr.write(`${describeError(error)}\n`);
  process.exitCode = exitCodeFor(error);
}
