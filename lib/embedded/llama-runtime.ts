// The llama.cpp binding, started once per process. Only the prebuilt CPU binary is used: the
// binding must never try to download or compile llama.cpp (`build: 'never'`, `gpu: false`).
import type { Llama } from 'node-llama-cpp';
import { ConfigurationError, errorMessage } from '../errors';

type RuntimeState = { llama?: Promise<Llama> };
const state: RuntimeState = ((globalThis as { __remoraLlama?: RuntimeState }).__remoraLlama ??= {});

/** llama.cpp's own log lines above this level go to stderr; the rest are dropped. */
function writeLog(level: string, message: string): void {
  if (level === 'error' || level === 'fatal') process.stderr.write(`llama.cpp: ${message.trimEnd()}\n`);
}

/**
 * The binding's module, imported on first use: importing the experiment service (as the panel and
 * every command do) must not load llama.cpp's JavaScript unless an embedded model is used.
 */
export function loadBinding(): Promise<typeof import('node-llama-cpp')> {
  return import('node-llama-cpp');
}

export function loadLlama(): Promise<Llama> {
  state.llama ??= (async () => {
    const { getLlama, LlamaLogLevel } = await loadBinding();
    try {
      return await getLlama({
        gpu: false,
        build: 'never',
        progressLogs: false,
        logLevel: LlamaLogLevel.warn,
        logger: (level, message) => writeLog(level, message),
      });
    } catch (error) {
      throw new ConfigurationError(
        `cannot start llama.cpp (node-llama-cpp's prebuilt CPU binary, @node-llama-cpp/linux-x64 or your platform's): ${errorMessage(error)}`,
        [],
        { cause: error },
      );
    }
  })();
  // A failed start is not cached: the next attempt may find the binary.
  state.llama.catch(() => {
    state.llama = undefined;
  });
  return state.llama;
}
