// The llama.cpp binding, started once per process. The prebuilt CPU binary by default; a GPU one
// when REMORA_GPU names it (after `npm run gpu -- cuda|vulkan` installed it). The binding must
// never try to download or compile llama.cpp (`build: 'never'`).
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

export type GpuBackend = false | 'cuda' | 'vulkan' | 'auto';

/** The backend REMORA_GPU asks for: unset, empty, `off` or `cpu` is the CPU. */
export function gpuBackend(value = process.env.REMORA_GPU): GpuBackend {
  if (!value || value === 'off' || value === 'cpu') return false;
  if (value === 'cuda' || value === 'vulkan' || value === 'auto') return value;
  throw new ConfigurationError(`REMORA_GPU must be cuda, vulkan, auto or off, not "${value}"`);
}

export function loadLlama(): Promise<Llama> {
  state.llama ??= (async () => {
    const { getLlama, LlamaLogLevel } = await loadBinding();
    const gpu = gpuBackend();
    try {
      return await getLlama({
        gpu,
        build: 'never',
        progressLogs: false,
        logLevel: LlamaLogLevel.warn,
        logger: (level, message) => writeLog(level, message),
      });
    } catch (error) {
      const binary = gpu
        ? `node-llama-cpp's ${gpu} binary, which \`npm run gpu -- ${gpu === 'auto' ? 'cuda|vulkan' : gpu}\` ` +
          'installs, and a GPU with its driver'
        : "node-llama-cpp's prebuilt CPU binary, @node-llama-cpp/linux-x64 or your platform's";
      throw new ConfigurationError(`cannot start llama.cpp (${binary}): ${errorMessage(error)}`, [], { cause: error });
    }
  })();
  // A failed start is not cached: the next attempt may find the binary.
  state.llama.catch(() => {
    state.llama = undefined;
  });
  return state.llama;
}
