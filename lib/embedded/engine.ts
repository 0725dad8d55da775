// The embedded engine: a FunctionGemma GGUF model run in process by llama.cpp, behind the same
// ModelClient interface as an HTTP server. The model is loaded on first use through a registry
// that shares it between every client of the same file.
import type { ChatRequest } from '../protocol/messages';
import type { ModelCallOutcome, ModelClient } from '../runner/types';
import { ConfigurationError, errorMessage } from '../errors';
import { completeChat, type CompletionOutcome, type EmbeddedChatRequest } from './chat-completion';
import { sharedModelRegistry, type EngineSettingsInput, type LoadedModel, type ModelRegistry } from './model-registry';

export type EmbeddedEngineOptions = {
  ggufPath: string;
  /** Used when this engine is the first to load the file. */
  settings?: EngineSettingsInput;
  /** Default: the process's shared registry. */
  registry?: ModelRegistry;
  /** max_tokens when a request gives none (default 1024). */
  defaultMaxTokens?: number;
  newCallId?: () => string;
};

export class EmbeddedEngine {
  private readonly registry: ModelRegistry;

  constructor(private readonly options: EmbeddedEngineOptions) {
    this.registry = options.registry ?? sharedModelRegistry();
  }

  get ggufPath(): string {
    return this.options.ggufPath;
  }

  /** Loads the model (once per file); throws ConfigurationError for a missing, foreign or corrupt file. */
  load(): Promise<LoadedModel> {
    return this.registry.load(this.options.ggufPath, this.options.settings);
  }

  /** Never throws: a model that cannot be loaded is a failed outcome with the reason. */
  async complete(request: EmbeddedChatRequest, signal?: AbortSignal): Promise<CompletionOutcome> {
    let loaded: LoadedModel;
    try {
      loaded = await this.load();
    } catch (error) {
      const message = ConfigurationError.is(error)
        ? error.message
        : `the embedded model could not be loaded: ${errorMessage(error)}`;
      return { ok: false, status: 500, type: 'server_error', error: message };
    }
    return completeChat(loaded, request, {
      signal,
      defaultMaxTokens: this.options.defaultMaxTokens,
      newCallId: this.options.newCallId,
    });
  }
}

/** A ModelClient that runs the model in process instead of calling a server. */
export class EmbeddedModelClient implements ModelClient {
  readonly engine: EmbeddedEngine;

  constructor(options: EmbeddedEngineOptions | EmbeddedEngine) {
    this.engine = options instanceof EmbeddedEngine ? options : new EmbeddedEngine(options);
  }

  async complete(request: ChatRequest, signal?: AbortSignal): Promise<ModelCallOutcome> {
    const started = performance.now();
    const outcome = await this.engine.complete(request, signal);
    const latencyMs = performance.now() - started;
    if (outcome.ok) return { ok: true, body: outcome.body, latencyMs, attempts: 1 };
    return { ok: false, error: outcome.error, status: outcome.status, latencyMs, attempts: 1 };
  }
}
