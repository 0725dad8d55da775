// The model client for an experiment's `embedded` endpoint. Which GGUF file: the one the variant's
// or the agent's model names (a model ending in `.gguf`, as an agent names its own fine-tune), else
// the endpoint's ggufPath. Relative paths are taken from the working directory (the project root).
import type { RunnerSettings } from '../runner/types';
import { ConfigurationError } from '../errors';
import { EmbeddedModelClient } from './engine';
import { checkGgufFile } from './gguf-file';
import type { ModelRegistry } from './model-registry';
import { namesGgufFile, type EngineSettings } from './settings';

/** The parts of an experiment's `embedded` endpoint this client reads. */
export type EmbeddedEndpoint = { ggufPath?: string; engine?: EngineSettings };

function ggufPathFor(endpoint: Pick<EmbeddedEndpoint, 'ggufPath'>, model: string): string | null {
  if (namesGgufFile(model)) return model.trim();
  return endpoint.ggufPath ?? null;
}

/**
 * Checks the file now (a missing or foreign file is a ConfigurationError before any conversation
 * starts) and returns a client that loads the model on its first request.
 */
export function createEmbeddedClient(
  endpoint: EmbeddedEndpoint,
  settings: Pick<RunnerSettings, 'model'>,
  registry?: ModelRegistry,
): EmbeddedModelClient {
  const ggufPath = ggufPathFor(endpoint, settings.model);
  if (ggufPath === null) {
    throw new ConfigurationError(
      `the embedded endpoint has no GGUF file for model "${settings.model}": ` +
        "give the endpoint a ggufPath, or name a .gguf file as the agent's or the variant's model",
    );
  }
  const checked = checkGgufFile(ggufPath);
  return new EmbeddedModelClient({ ggufPath: checked.path, settings: endpoint.engine, registry });
}
