// `npx tsx bench/embedded.ts [--gguf PATH] [--threads N] [--sequences N] [--json]`: how fast the
// embedded engine runs on this machine's CPU. Always measures the project's tiny model (written to a
// temporary folder); with --gguf also a real FunctionGemma GGUF. Figures:
//   - prompt tokens/s: the example prompt evaluated from an empty cache (median of --repeats);
//   - generation tokens/s: --generate tokens sampled greedily one after another, no stop;
//   - parallel generation tokens/s: the same on every sequence at once (summed over sequences);
//   - required calls/s: whole requests through the engine (render, tokenize, grammar, parse)
//     under tool_choice required, one at a time, with their mean completion tokens.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import type { Token } from 'node-llama-cpp';
import { EmbeddedEngine } from '../lib/embedded/engine';
import { ModelRegistry, type LoadedModel } from '../lib/embedded/model-registry';
import { RANDOM_MODEL } from '../lib/embedded/testing/tiny-models';
import { EXAMPLE_MESSAGES, WEATHER_TOOL } from '../lib/families/functiongemma/example-exchange';
import { renderPrompt } from '../lib/families/functiongemma/render';
import { writeTinyModel } from '../lib/testing/gguf/tiny-model';

type Figures = {
  model: string;
  file: string;
  threads: number;
  sequences: number;
  promptTokens: number;
  promptTokensPerSecond: number;
  generatedTokens: number;
  generationTokensPerSecond: number;
  parallelGenerationTokensPerSecond: number;
  requiredCallsPerSecond: number;
  requiredCompletionTokens: number;
  loadMs: number;
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const conversation = { messages: EXAMPLE_MESSAGES.slice(0, 2), tools: [WEATHER_TOOL] };

/** Evaluates the prompt from an empty cache, then samples `count` tokens without stopping. */
async function timeSequence(
  loaded: LoadedModel,
  index: number,
  prompt: Token[],
  count: number,
): Promise<{ promptMs: number; generationMs: number }> {
  const lease = await loaded.pool.acquire([]);
  try {
    await lease.sequence.clearHistory();
    const started = performance.now();
    let promptMs = 0;
    let generated = 0;
    for await (const _token of lease.sequence.evaluate(prompt, { temperature: 0, yieldEogToken: true, seed: index })) {
      if (generated === 0) promptMs = performance.now() - started;
      generated += 1;
      if (generated >= count) break;
    }
    return { promptMs, generationMs: performance.now() - started - promptMs };
  } finally {
    lease.release();
  }
}

async function measure(
  label: string,
  file: string,
  options: { threads?: number; sequences: number; repeats: number; generate: number; calls: number },
): Promise<Figures> {
  const registry = new ModelRegistry();
  try {
    const engine = new EmbeddedEngine({
      ggufPath: file,
      registry,
      settings: { sequences: options.sequences, threads: options.threads },
    });
    const loadStarted = performance.now();
    const loaded = await engine.load();
    const loadMs = performance.now() - loadStarted;
    const prompt = loaded.model.tokenize(renderPrompt(conversation), true);
    // A warm-up, so that the first figures do not include one-off allocations.
    await timeSequence(loaded, 0, prompt, 4);

    const single: { promptMs: number; generationMs: number }[] = [];
    for (let repeat = 0; repeat < options.repeats; repeat += 1)
      single.push(await timeSequence(loaded, repeat, prompt, options.generate));
    const promptTokensPerSecond = median(single.map((run) => (prompt.length / run.promptMs) * 1000));
    // The first sampled token comes with the prompt; the rest are generation proper.
    const generationTokensPerSecond = median(single.map((run) => ((options.generate - 1) / run.generationMs) * 1000));

    const parallelRuns: number[] = [];
    for (let repeat = 0; repeat < options.repeats; repeat += 1) {
      const results = await Promise.all(
        Array.from({ length: options.sequences }, (_, index) => timeSequence(loaded, index, prompt, options.generate)),
      );
      const slowest = Math.max(...results.map((run) => run.generationMs));
      parallelRuns.push(((options.sequences * (options.generate - 1)) / slowest) * 1000);
    }

    let completionTokens = 0;
    const callsStarted = performance.now();
    for (let call = 0; call < options.calls; call += 1) {
      const outcome = await engine.complete({
        model: label,
        ...conversation,
        tool_choice: 'required',
        temperature: 1,
        seed: call + 1,
        max_tokens: 256,
      });
      if (!outcome.ok) throw new Error(`a required call failed: ${outcome.error}`);
      completionTokens += outcome.body.usage.completion_tokens;
    }
    const callsSeconds = (performance.now() - callsStarted) / 1000;

    return {
      model: label,
      file,
      threads: loaded.context.idealThreads,
      sequences: options.sequences,
      promptTokens: prompt.length,
      promptTokensPerSecond,
      generatedTokens: options.generate,
      generationTokensPerSecond,
      parallelGenerationTokensPerSecond: median(parallelRuns),
      requiredCallsPerSecond: options.calls / callsSeconds,
      requiredCompletionTokens: completionTokens / options.calls,
      loadMs,
    };
  } finally {
    await registry.close();
  }
}

function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new InvalidArgumentError('must be a whole number of at least 1');
  return number;
}

function format(figures: Figures): string {
  const rows: [string, string][] = [
    ['model', `${figures.model} (${path.basename(figures.file)})`],
    ['threads / sequences', `${figures.threads} / ${figures.sequences}`],
    ['load', `${figures.loadMs.toFixed(0)} ms`],
    ['prompt', `${figures.promptTokens} tokens at ${figures.promptTokensPerSecond.toFixed(0)} tokens/s`],
    ['generation (one sequence)', `${figures.generationTokensPerSecond.toFixed(1)} tokens/s`],
    [
      `generation (${figures.sequences} sequences at once)`,
      `${figures.parallelGenerationTokensPerSecond.toFixed(1)} tokens/s in all`,
    ],
    [
      'required calls',
      `${figures.requiredCallsPerSecond.toFixed(2)} calls/s ` +
        `(${figures.requiredCompletionTokens.toFixed(0)} tokens each on average)`,
    ],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  return rows.map(([name, value]) => `  ${name.padEnd(width)}  ${value}`).join('\n');
}

const program = new Command()
  .option('--gguf <path>', 'also measure this GGUF model (a real FunctionGemma)')
  .option(
    '--threads <n>',
    "CPU threads (default: 1 for the tiny model, the engine's default for --gguf)",
    positiveInteger,
  )
  .option('--sequences <n>', 'context sequences for the parallel figure', positiveInteger, 4)
  .option('--repeats <n>', 'runs per figure (the median is shown)', positiveInteger, 5)
  .option('--generate <n>', 'tokens generated per run', positiveInteger, 128)
  .option('--calls <n>', 'requests under tool_choice required', positiveInteger, 20)
  .option('--json', 'print the figures as JSON', false)
  .parse();
const options = program.opts<{
  gguf?: string;
  threads?: number;
  sequences: number;
  repeats: number;
  generate: number;
  calls: number;
  json: boolean;
}>();

const folder = mkdtempSync(path.join(tmpdir(), 'remora-bench-'));
try {
  const tinyFile = path.join(folder, 'tiny-random.gguf');
  await writeTinyModel(tinyFile, RANDOM_MODEL);
  const results: Figures[] = [];
  // One thread for the tiny model: its matrices are too small to share out.
  results.push(await measure('tiny (random weights)', tinyFile, { ...options, threads: options.threads ?? 1 }));
  if (options.gguf)
    results.push(
      await measure(path.basename(options.gguf).replace(/\.gguf$/i, ''), path.resolve(options.gguf), options),
    );
  if (options.json) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  else process.stdout.write(`${results.map(format).join('\n\n')}\n`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
