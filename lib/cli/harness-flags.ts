// `remora harness`'s flags (the command itself: harness-command.ts, loaded only when it runs).
import type { Command } from 'commander';
import { LIMITS } from '../protocol/limits';
import {
  byteSize,
  collect,
  databaseOption,
  integerIn,
  nonNegativeInteger,
  nonNegativeNumber,
  points,
  requestTimeoutsFlag,
  textUpTo,
} from './flag-values';

export function addHarnessCommand(program: Command): void {
  const harness = program
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
    .option(
      '--variant <name=file>',
      'a variant: its name and a file holding its system prompt (repeatable)',
      collect,
      [],
    )
    .option(
      '--variant-endpoint <name=url>',
      "a variant's own OpenAI-compatible base URL: another model on another server (repeatable)",
      collect,
      [],
    )
    .option('--variant-model <name=model>', "a variant's own model (or adapter) name to send (repeatable)", collect, [])
    .option(
      '--variant-family <name=family>',
      "a variant's model family, whose native call text is read first: " +
        'functiongemma, hermes, llama3-json, pythonic, mistral, granite, phi4-mini, xlam (repeatable)',
      collect,
      [],
    )
    .option(
      '--requests-per-variant <n>',
      'conversations per variant (default: 20, or one pass over --dataset or --python nodes)',
      integerIn(LIMITS.requestsPerVariant),
    )
    .option('--concurrency <n>', 'conversations at once', integerIn(LIMITS.concurrency), LIMITS.concurrency.default)
    .option(
      '--primary-metric <metric>',
      'the metric that decides (toolCallRate, validCallRate, completionRate, taskSuccessRate, customCheckRate, ' +
        'turnsToCompletion...); ' +
        'the other comparisons are exploratory',
    )
    .option(
      '--stop-early',
      "stop once every chosen comparison (the primary metric's, else the rates') " +
        'is decided by the live anytime-valid verdict',
      false,
    )
    .option(
      '--detect <points>',
      'the difference (percentage points) you want to be able to tell: says up front how many distinct inputs ' +
        'it needs, and an inconclusive verdict how many more would tell it (default 10)',
      points,
    )
    .option(
      '--non-inferiority-margin <points>',
      'non-inferiority: each rate comparison also says whether the second variant is no worse than the first ' +
        'by at most this many percentage points',
      points,
    )
    .option(
      '--check-script <file>',
      "a task-success script of this experiment's own (.py or .sh), run confined after each conversation " +
        "beside the agent's check: it reads {arguments, context} on stdin and prints " +
        '{"outcome": "success", "result": {"success": ..., "reason": ...}}',
    );
  addRequestOptions(harness);
  addInputOptions(harness);
  harness.action(async (options) => {
    const { runHarnessCommand } = await import('./harness-command');
    process.exitCode = await runHarnessCommand(options);
  });
}

/** How each request is sent and answered: tool choice, sampling, streaming, limits. */
function addRequestOptions(command: Command): void {
  command
    .option('--tool-choice <choice>', 'auto | required | none | a tool name', 'auto')
    .option('--temperature <t>', 'sampling temperature', nonNegativeNumber, 0)
    .option('--max-tokens <n>', 'max tokens per response', integerIn(LIMITS.maxTokens))
    .option('--response-preference <p>', 'tool_calls-first | content-first', 'tool_calls-first')
    .option('--history-mode <mode>', 'full | initial-only', 'full')
    .option('--force-submit', 'name submit_result as tool_choice on the last turn', false)
    .option('--tools-in-prompt', 'put the tool schemas in the system prompt instead of the tools parameter', false)
    .option(
      '--logprobs',
      'ask for token log probabilities: ' +
        "stores the raw output, the tool-name confidence and values the server's parser lost",
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
    .option(
      '--request-timeout <spec>',
      'seconds one request to the server may take: a total ("300"), or parts ' +
        '"first-byte=60,idle=30,total=300" (the defaults)',
      requestTimeoutsFlag,
    )
    .option(
      '--workspace-limit <size>',
      "what one tool call's workspace may hold (tools and the tests they run), e.g. 256MiB (the default) or 1GiB",
      byteSize(LIMITS.workspaceBytes),
    );
}

/** Where the inputs come from, where the results go, and what the run may touch. */
function addInputOptions(command: Command): void {
  command
    .option('--inputs <file>', "inputs file (YAML, JSON or JSONL) instead of the agent's default inputs")
    .option(
      '--dataset <file>',
      "run a dataset's cases and score the first response of each " +
        '(imported into --db, or an identical stored one reused)',
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
      'which nodes --python takes: function,method,class,module ' +
        "(default: the agent's own: module for lint, function for test and sample_data, else function,method,class)",
    )
    .option('--agents-dir <dir>', 'agents folder', 'agents')
    .addOption(databaseOption())
    .option(
      '--experiment-id <id>',
      'id for a new experiment, or the id of an unfinished one to resume',
      textUpTo(LIMITS.idLength.max),
    )
    .option('--json', 'print only the summary JSON on stdout', false)
    .option(
      '--input-root <dir>',
      'a folder whose files the inputs (or dataset cases) may name, ' +
        "besides the agent's folder and --python (repeatable)",
      collect,
      [],
    )
    .option(
      '--unsafe-no-sandbox',
      "where bubblewrap is missing, run code the model writes (the test agent's pytest) anyway, with your own rights",
      false,
    );
}
