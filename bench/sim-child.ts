// Starts bench/sim-process.ts as a child process and talks to it over IPC.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SimStats } from '../lib/sim/options';
import type { SimCommand, SimReply } from './sim-messages';

export type SimMeasure = { cpuMicros: number; stats: SimStats };

export type SimChild = {
  url: string;
  pid: number;
  reset(record: boolean): Promise<void>;
  measure(): Promise<SimMeasure>;
  takeBodies(): Promise<string[]>;
  stop(): Promise<void>;
};

type Waiting = { resolve(reply: SimReply): void; reject(error: Error): void };

// A profiler flag given to the benchmark would make the simulator write a profile too.
function childExecArgv(): string[] {
  return process.execArgv.filter((flag) => !flag.startsWith('--cpu-prof') && !flag.startsWith('--prof'));
}

export async function startSimChild(): Promise<SimChild> {
  const script = fileURLToPath(new URL('./sim-process.ts', import.meta.url));
  // process.execArgv carries tsx's loader, so the child can run TypeScript too.
  const child: ChildProcess = fork(script, [], {
    execArgv: childExecArgv(),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, Waiting>();
  let nextId = 1;
  let exited: Error | null = null;

  const ready = new Promise<{ url: string; pid: number }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`the simulator exited before it was ready (${code ?? signal})`)),
    );
    child.on('message', (reply: SimReply) => {
      if (reply.type === 'ready') return resolve({ url: reply.url, pid: reply.pid });
      const waiter = waiting.get(reply.id);
      waiting.delete(reply.id);
      waiter?.resolve(reply);
    });
  });
  child.on('exit', (code, signal) => {
    exited = new Error(`the simulator exited (${code ?? signal})`);
    for (const waiter of waiting.values()) waiter.reject(exited);
    waiting.clear();
  });
  const { url, pid } = await ready;

  function ask(command: SimCommand & { id: number }): Promise<SimReply> {
    if (exited) return Promise.reject(exited);
    return new Promise((resolve, reject) => {
      waiting.set(command.id, { resolve, reject });
      child.send(command);
    });
  }

  return {
    url,
    pid,
    async reset(record) {
      await ask({ type: 'reset', id: nextId++, record });
    },
    async measure() {
      const reply = await ask({ type: 'measure', id: nextId++ });
      if (reply.type !== 'measure') throw new Error(`unexpected reply from the simulator: ${reply.type}`);
      return { cpuMicros: reply.cpuMicros, stats: reply.stats };
    },
    async takeBodies() {
      const reply = await ask({ type: 'take-bodies', id: nextId++ });
      if (reply.type !== 'bodies') throw new Error(`unexpected reply from the simulator: ${reply.type}`);
      return reply.bodies;
    },
    stop() {
      if (exited || child.exitCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.send({ type: 'stop' } satisfies SimCommand);
      });
    },
  };
}
