// `npx tsx bench/dataset-memory.ts [--cases 50000]`: the peak memory of a large dataset run. It
// writes a set of N cases shaped like BFCL's (each with a conversation and its own tool schemas,
// about 3 KB a line), then runs, as separate processes measured by GNU time, `remora dataset
// import` and `remora harness --dataset` (the smart_home agent, one call per case) against the
// simulator, and prints each one's peak RSS and wall time. --remora DIR measures another checkout.
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { startSimChild } from './sim-child';
import { runTimed, type TimedRun } from './timed-process';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const options = new Command()
  .option('--cases <n>', 'cases in the set', '50000')
  .option('--concurrency <n>', 'conversations at once', '16')
  .option('--remora <dir>', 'the checkout whose command line is measured', here)
  .option('--json', 'print JSON', false)
  .option('--keep', 'keep the set and the database (their folder is printed)', false)
  .parse()
  .opts<{ cases: string; concurrency: string; remora: string; json: boolean; keep: boolean }>();
const caseCount = Number(options.cases);
const root = path.resolve(options.remora);

const ROOMS = ['living_room', 'bedroom', 'kitchen', 'bathroom', 'office', 'hallway'];

/** One case: a user request, the device tools it may use (its own, as BFCL lines carry), the expected call. */
function caseLine(index: number): string {
  const room = ROOMS[index % ROOMS.length];
  const tools = Array.from({ length: 6 }, (_, tool) => ({
    type: 'function',
    function: {
      name: tool === 0 ? 'toggle_lights' : `device_${tool}_${index % 97}`,
      description:
        `Controls device ${tool} of the house: turns it on or off, or sets its level, in one of the rooms. ` +
        `Case ${index}.`,
      parameters: {
        type: 'object',
        properties: {
          room: { type: 'string', enum: ROOMS, description: 'The room of the device.' },
          state: { type: 'string', enum: ['on', 'off'], description: 'Whether to turn it on or off.' },
          level: {
            type: 'integer',
            minimum: 0,
            maximum: 100,
            description: 'A level from 0 to 100, where the device has one.',
          },
        },
        required: ['room'],
      },
    },
  }));
  const entry = {
    id: `case-${index}`,
    input: {
      messages: [
        {
          role: 'user',
          content:
            `Please turn on the ${room.replace('_', ' ')} lights (request ${index}); ` +
            'it is getting dark in here and I cannot see the table.',
        },
      ],
    },
    expect: { kind: 'call', calls: [{ name: 'toggle_lights', arguments: { room: [room], state: ['on'] } }] },
    tools,
  };
  return `${JSON.stringify(entry)}\n`;
}

async function writeSet(file: string): Promise<void> {
  const out = createWriteStream(file);
  for (let index = 0; index < caseCount; index++) {
    if (!out.write(caseLine(index))) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

function remora(args: string[]): Promise<TimedRun> {
  return runTimed(process.execPath, [path.join(root, 'bin/remora.mjs'), ...args], { cwd: root });
}

async function main(): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'remora-dataset-memory-'));
  const sim = await startSimChild();
  try {
    const file = path.join(folder, 'set.jsonl');
    await writeSet(file);
    const db = path.join(folder, 'run.db');
    const imported = await remora(['dataset', 'import', file, '--db', db]);
    if (imported.code !== 0) throw new Error(`dataset import failed: ${imported.stderr}`);
    const run = await remora([
      'harness',
      '--agent',
      'smart_home',
      '--dataset',
      file,
      '--base-url',
      sim.url,
      '--model',
      'functiongemma-270m-it',
      '--concurrency',
      options.concurrency,
      '--db',
      db,
      '--json',
    ]);
    if (run.code !== 0) throw new Error(`the dataset run failed: ${run.stderr}`);
    const summary = JSON.parse(run.stdout) as { variants: { conversations: number }[] };
    const result = {
      cases: caseCount,
      fileMb: statSync(file).size / 1e6,
      import: { wallMs: imported.wallMs, peakRssMb: imported.maxRssKb / 1024 },
      run: {
        wallMs: run.wallMs,
        cpuMs: run.cpuMs,
        peakRssMb: run.maxRssKb / 1024,
        conversations: summary.variants[0].conversations,
      },
      goalPeakRssMb: 300,
    };
    if (options.json) {
      console.log(JSON.stringify(result));
      return;
    }
    console.log(
      `${caseCount} cases, ${result.fileMb.toFixed(0)} MB file (${path.relative(process.cwd(), root) || '.'})`,
    );
    console.log(
      `dataset import: peak RSS ${result.import.peakRssMb.toFixed(0)} MB, ${(imported.wallMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `harness --dataset: peak RSS ${result.run.peakRssMb.toFixed(0)} MB (goal under 300 MB), ` +
        `${(run.wallMs / 1000).toFixed(1)} s, ${result.run.conversations} conversations stored`,
    );
  } finally {
    await sim.stop();
    if (options.keep) console.error(`kept ${folder}`);
    else rmSync(folder, { recursive: true, force: true });
  }
}

await main();
