// Test support: the embedded engine with the real llama.cpp binding on tiny models the project
// writes itself, loaded once per test file (a random model, and a scripted one that writes a known
// call), with the request the tests ask and a helper that expects a completion.
import { afterAll, beforeAll } from 'vitest';
import type { ChatMessage } from '../../protocol/messages';
import type { EmbeddedCompletionBody } from '../chat-completion';
import { EmbeddedEngine } from '../engine';
import { ModelRegistry, type LoadedModel } from '../model-registry';
import { writeTestModels, type TestModels } from './tiny-models';

export type EngineSuite = {
  registry: ModelRegistry;
  models: TestModels;
  random: EmbeddedEngine;
  scripted: EmbeddedEngine;
  randomModel: LoadedModel;
};

/** Registers the hooks in the calling test file; the fields are set once its beforeAll ran. */
export function engineSuite(): EngineSuite {
  const suite = { registry: new ModelRegistry() } as EngineSuite;
  beforeAll(async () => {
    suite.models = await writeTestModels();
    // One thread: on a busy 2-core machine llama.cpp's threads wait on each other far longer than they compute.
    const settings = { sequences: 2, threads: 1 };
    suite.random = new EmbeddedEngine({ ggufPath: suite.models.random, registry: suite.registry, settings });
    suite.scripted = new EmbeddedEngine({ ggufPath: suite.models.scripted, registry: suite.registry, settings });
    suite.randomModel = await suite.random.load();
    await suite.scripted.load();
  });
  afterAll(async () => {
    await suite.registry.close();
    suite.models?.remove();
  });
  return suite;
}

export const ask: ChatMessage[] = [
  { role: 'system', content: 'You are a helpful assistant.' },
  { role: 'user', content: 'What is the weather in Tokyo?' },
];

export async function body(
  engine: EmbeddedEngine,
  request: Parameters<EmbeddedEngine['complete']>[0],
): Promise<EmbeddedCompletionBody> {
  const outcome = await engine.complete(request);
  if (!outcome.ok) throw new Error(`expected a completion, got ${outcome.status}: ${outcome.error}`);
  return outcome.body;
}
