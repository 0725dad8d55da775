// Models are loaded once per file and shared: every client, server and experiment that names the
// same GGUF file uses one llama.cpp model and one context whose sequences run several
// conversations at once.
import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { LlamaContext, LlamaGrammar, LlamaModel } from 'node-llama-cpp';
import { ConfigurationError, errorMessage } from '../errors';
import { checkGgufFile } from './gguf-file';
import { loadLlama } from './llama-runtime';
import { SequencePool } from './sequence-pool';
import { modelFamily } from './family-model';
import type { ChatFormat } from './chat-format';
import { familyFormat } from './family-format';
import { functionGemmaFormat } from './functiongemma-format';
import { singleToken, type ControlTokenIds, type LoadedModelBase } from './loaded-model';
import { EngineSettings, type EngineSettingsInput } from './settings';
import {
  BOS,
  END_FUNCTION_CALL,
  END_OF_TURN,
  ESCAPE,
  START_FUNCTION_CALL,
  START_FUNCTION_RESPONSE,
} from '../protocol/functiongemma-tokens';

export type { EngineSettingsInput };

const DEFAULT_CONTEXT_SIZE = 8192;

/** A loaded model with its family's chat format, built once at load (its markers tokenized once). */
export type LoadedModel = LoadedModelBase & { format: ChatFormat };

function controlTokens(model: LlamaModel): { ids: ControlTokenIds; warnings: string[] } {
  const texts: Record<keyof ControlTokenIds, string> = {
    startFunctionCall: START_FUNCTION_CALL,
    endFunctionCall: END_FUNCTION_CALL,
    startFunctionResponse: START_FUNCTION_RESPONSE,
    endOfTurn: END_OF_TURN,
    escape: ESCAPE,
    bos: BOS,
  };
  const ids = {} as ControlTokenIds;
  const missing: string[] = [];
  for (const [key, text] of Object.entries(texts) as [keyof ControlTokenIds, string][]) {
    ids[key] = singleToken(model, text);
    if (ids[key] === null) missing.push(text);
  }
  const warnings =
    missing.length === 0
      ? []
      : [
          `the vocabulary has no single token for ${missing.join(', ')}: ` +
            'not a FunctionGemma model, so native stopping and constrained decoding are limited',
        ];
  return { ids, warnings };
}

const GRAMMAR_CACHE_SIZE = 64;

/**
 * One core is left to the rest of the process (tool workers, SQLite, the panel): llama.cpp's
 * threads wait for each other at every step, so a single thread that loses its core to another
 * process stalls them all (on a busy 2-core machine, 2 threads ran many times slower than 1).
 */
function defaultThreads(cpuMathCores: number): number {
  return Math.max(1, cpuMathCores - 1);
}

async function loadModel(filePath: string, settings: EngineSettings): Promise<LoadedModel> {
  const llama = await loadLlama();
  let model: LlamaModel;
  try {
    // On a GPU backend node-llama-cpp offloads as many layers as fit; on the CPU none.
    model = await llama.loadModel({ modelPath: filePath, gpuLayers: llama.gpu ? 'auto' : 0 });
  } catch (error) {
    throw new ConfigurationError(
      `cannot load the GGUF model ${filePath}: ${errorMessage(error)}. ` +
        'Is the file complete and a model llama.cpp supports?',
      [],
      { cause: error },
    );
  }
  let context: LlamaContext;
  const contextSize = settings.contextSize ?? Math.min(DEFAULT_CONTEXT_SIZE, model.trainContextSize);
  try {
    context = await model.createContext({
      sequences: settings.sequences,
      contextSize,
      threads: settings.threads ?? defaultThreads(llama.cpuMathCores),
      batchSize: settings.batchSize,
      failedCreationRemedy: false,
    });
  } catch (error) {
    await model.dispose();
    throw new ConfigurationError(
      `cannot create a context of ${settings.sequences} x ${contextSize} tokens for ${filePath}: ` +
        `${errorMessage(error)}. Try fewer sequences or a smaller context size.`,
      [],
      { cause: error },
    );
  }
  const sequences = Array.from({ length: settings.sequences }, () => context.getSequence());
  const { ids, warnings } = controlTokens(model);
  const grammars = new Map<string, Promise<LlamaGrammar>>();
  const { family, chatTemplate } = modelFamily(model, warnings.length === 0, settings.family);
  const base: LoadedModelBase = {
    family,
    chatTemplate,
    async jsonSchemaGrammarText(schema: object) {
      // The converter's own types are narrower than a tool's JSON Schema; it refuses what it cannot write.
      const grammar = await llama.createGrammarForJsonSchema(schema as never);
      return grammar.grammar;
    },
    path: filePath,
    name: path.basename(filePath).replace(/\.gguf$/i, ''),
    model,
    context,
    pool: new SequencePool(sequences),
    contextSize: context.contextSize,
    settings,
    controlTokens: ids,
    warnings,
    grammars,
    createGrammar(text: string) {
      let grammar = grammars.get(text);
      if (grammar) {
        // Map order is insertion order: re-inserting keeps the most recently used last.
        grammars.delete(text);
        grammars.set(text, grammar);
        return grammar;
      }
      grammar = llama.createGrammar({ grammar: text });
      grammars.set(text, grammar);
      grammar.catch(() => grammars.delete(text));
      if (grammars.size > GRAMMAR_CACHE_SIZE) grammars.delete(grammars.keys().next().value as string);
      return grammar;
    },
  };
  const format = family.name === 'functiongemma' ? functionGemmaFormat(base) : familyFormat(base);
  return { ...base, format };
}

/** Loaded models by the real path of their file. */
export class ModelRegistry {
  private readonly entries = new Map<string, Promise<LoadedModel>>();

  /**
   * The model in this file, loaded on first use with these settings (later settings for the same
   * file are ignored: the model is shared). Throws ConfigurationError for a missing or bad file.
   */
  load(filePath: string, settings: EngineSettingsInput = {}): Promise<LoadedModel> {
    let key: string;
    try {
      key = realpathSync(checkGgufFile(filePath).path);
    } catch (error) {
      return Promise.reject(error);
    }
    let entry = this.entries.get(key);
    if (!entry) {
      const parsed = EngineSettings.safeParse(settings);
      if (!parsed.success) {
        const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'settings'}: ${issue.message}`);
        return Promise.reject(
          new ConfigurationError(`invalid embedded engine settings: ${problems.join('; ')}`, problems),
        );
      }
      entry = loadModel(key, parsed.data);
      this.entries.set(key, entry);
      // A failed load is forgotten, so that fixing the file and retrying works.
      entry.catch(() => this.entries.delete(key));
    }
    return entry;
  }

  /** Releases every model (pending requests are refused). */
  async close(): Promise<void> {
    const entries = [...this.entries.values()];
    this.entries.clear();
    for (const entry of entries) {
      const loaded = await entry.catch(() => null);
      if (!loaded) continue;
      loaded.pool.close();
      await loaded.context.dispose();
      await loaded.model.dispose();
    }
  }
}

type RegistryHolder = { __remoraModelRegistry?: ModelRegistry };

/** The process's registry (kept on globalThis so that development reloads share it). */
export function sharedModelRegistry(): ModelRegistry {
  const holder = globalThis as RegistryHolder;
  holder.__remoraModelRegistry ??= new ModelRegistry();
  return holder.__remoraModelRegistry;
}
