// Setup of the `unit` test project: a unit test starts no process and opens no connection. Those
// calls throw here, so a test that needs them fails at once and names the project it belongs in
// (vitest.config.ts lists the integration files) instead of quietly slowing the fast set down.
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import workerThreads from 'node:worker_threads';

function refuse(what: string): never {
  throw new Error(`${what} in a unit test: list this file under the integration project in vitest.config.ts`);
}

for (const name of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const) {
  Object.defineProperty(childProcess, name, {
    value: () => refuse(`child_process.${name}`),
    writable: true,
    configurable: true,
  });
}
Object.defineProperty(workerThreads, 'Worker', {
  value: class {
    constructor() {
      refuse('a worker thread');
    }
  },
  writable: true,
  configurable: true,
});
net.Server.prototype.listen = function listen() {
  return refuse('listening on a socket');
};
net.Socket.prototype.connect = function connect() {
  return refuse('a network connection');
};
// `import { spawn } from 'node:child_process'` in ESM reads these bindings: bring them in line.
syncBuiltinESMExports();
