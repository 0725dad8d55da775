// A reusable tool process: imports tool modules once and runs one call at a time for the worker pool.
// It imports only node built-ins (and the module loader) so that a fresh worker starts fast.
import path from 'node:path';
import { importToolModule } from '../build/tool-module';
import type { PoolMessage, ResultMessage, RunMessage, SpawnRequest, WorkerMessage } from './worker-messages';
import type { ConfinedResult } from './sandbox/run-confined';
import type { ToolErrorKind } from './protocol';

type Handler = (args: Record<string, unknown>, context: unknown) => unknown;

const handlers = new Map<string, Promise<Handler>>();

function send(message: WorkerMessage): void {
  process.send?.(message);
}

function loadHandler(script: string): Promise<Handler> {
  let handler = handlers.get(script);
  if (!handler) {
    handler = importToolModule(script).then((module: Record<string, unknown>) => {
      const candidate = module.default;
      if (typeof candidate !== 'function') {
        throw new Error(
          `${path.basename(script)} has no default export function; ` +
            'export the result of defineTool(import.meta.url, handler)',
        );
      }
      return candidate as Handler;
    });
    // A failed import is not cached, so that fixing the file and retrying works in a long-lived pool.
    handler.catch(() => handlers.delete(script));
    handlers.set(script, handler);
  }
  return handler;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The answer to a call that failed; `bytes`: the size of an output over the limit. */
function failed(message: RunMessage, kind: ToolErrorKind, text: string, bytes?: number): ResultMessage {
  return {
    type: 'result',
    id: message.id,
    status: 'failed',
    kind,
    message: text,
    ...(bytes === undefined ? {} : { bytes }),
  };
}

async function run(message: RunMessage): Promise<ResultMessage> {
  const label = path.basename(message.script);
  let handler: Handler;
  try {
    // The pool hands a compiled bundle of a TypeScript tool when it runs compiled: this sandbox cannot write one.
    handler = await loadHandler(message.module ?? message.script);
  } catch (error) {
    return failed(message, 'tool_failed', `could not load tool "${label}": ${errorText(error)}`);
  }
  let value: unknown;
  try {
    value = await handler(message.request.arguments, message.request.context);
  } catch (error) {
    return failed(message, 'tool_failed', `tool "${label}" failed: ${errorText(error)}`);
  }
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (error) {
    return failed(
      message,
      'tool_output_invalid',
      `tool "${label}" returned a value that cannot be written as JSON: ${errorText(error)}`,
    );
  }
  if (json === undefined) {
    return failed(message, 'tool_output_invalid', `tool "${label}" returned nothing`);
  }
  // Measured here so that an oversized result never crosses the IPC channel.
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes > message.maxOutputBytes) {
    return failed(
      message,
      'tool_output_too_large',
      `tool "${label}" produced ${bytes} bytes of output; the limit is ${message.maxOutputBytes} bytes`,
      bytes,
    );
  }
  return { type: 'result', id: message.id, status: 'ok', json };
}

// Programs a tool runs for the model (pytest) are started by the pool's process, which checks that
// they only touch the current call's workspace; run-confined.ts looks this bridge up on globalThis.
let currentCall: number | null = null;
let nextRequest = 1;
const pendingSpawns = new Map<number, (result: ConfinedResult) => void>();

(globalThis as Record<symbol, unknown>)[Symbol.for('remora.confined-bridge')] = (
  request: SpawnRequest,
): Promise<ConfinedResult> => {
  if (currentCall === null)
    return Promise.resolve({ ok: false, confinement: 'none', error: 'a program can only be run during a tool call' });
  const requestId = nextRequest++;
  return new Promise((resolve) => {
    pendingSpawns.set(requestId, resolve);
    send({ type: 'spawn', id: currentCall as number, requestId, run: request });
  });
};

process.on('message', (message: PoolMessage) => {
  if (message?.type === 'spawned') {
    pendingSpawns.get(message.requestId)?.(message.result);
    pendingSpawns.delete(message.requestId);
    return;
  }
  if (message?.type === 'load') {
    // One after another, in the agent's order: the tool the model is likeliest to call first (listed
    // first) is ready soonest. A module that fails is not cached, so its call reports why.
    void (async () => {
      for (const module of message.modules) await loadHandler(module).catch(() => undefined);
      send({ type: 'loaded' });
    })();
    return;
  }
  if (message?.type !== 'run') return;
  currentCall = message.id;
  void run(message).then((result) => {
    currentCall = null;
    send(spentHalfTheBudget() ? { ...result, retire: true } : result);
  });
});

/**
 * The worker's CPU time is bounded by the kernel (RLIMIT_CPU, its whole life): past half of it, it
 * asks to be replaced, so that a fresh worker serves the next call and only a call that spins for
 * the other half meets the limit.
 */
function spentHalfTheBudget(): boolean {
  const budget = Number(process.env.REMORA_WORKER_CPU_SECONDS);
  if (!(budget > 0)) return false;
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6 > budget / 2;
}

// The pool went away (closed or crashed): nothing is left to serve.
process.on('disconnect', () => process.exit(0));

send({ type: 'ready' });
