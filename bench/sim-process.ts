// The benchmark's simulator, run as a child process so that its CPU is not counted as the harness's.
// It is the real simulator server (startSimServer); the only addition is that it keeps the text of
// every chat request it answers, so that the bare HTTP loop can replay exactly what the harness sent.
import { startSimServer } from '../lib/sim/server';
import { SimEngine } from '../lib/sim/sim-engine';
import { errorMessage } from '../lib/errors';
import type { SimCommand, SimReply } from './sim-messages';

const recorded: string[] = [];
let recording = false;

// Recording sits in front of the engine (not in the server) so that the server code stays exactly
// what `remora sim` runs; the body text is the bytes the client sent.
const answer = SimEngine.prototype.chatCompletion;
SimEngine.prototype.chatCompletion = function recordedChatCompletion(this: SimEngine, bodyText: string) {
  if (recording) recorded.push(bodyText);
  return answer.call(this, bodyText);
};

function send(reply: SimReply): void {
  process.send?.(reply);
}

async function main(): Promise<void> {
  const server = await startSimServer({ port: 0, seed: 1, latencyMs: 0, http500Rate: 0, http429Rate: 0 });
  process.on('message', (command: SimCommand) => {
    switch (command.type) {
      case 'reset':
        server.reset();
        recorded.length = 0;
        recording = command.record;
        return send({ type: 'reset', id: command.id });
      case 'measure': {
        const cpu = process.cpuUsage();
        return send({ type: 'measure', id: command.id, cpuMicros: cpu.user + cpu.system, stats: server.stats() });
      }
      case 'take-bodies': {
        const bodies = recorded.splice(0);
        recording = false;
        return send({ type: 'bodies', id: command.id, bodies });
      }
      case 'stop':
        void server.close().then(() => process.exit(0));
        return;
    }
  });
  // The parent went away: nothing is left to serve.
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready', url: server.url, origin: server.origin, pid: process.pid });
}

main().catch((error: unknown) => {
  process.stderr.write(`the benchmark simulator could not start: ${errorMessage(error)}\n`);
  process.exit(1);
});
