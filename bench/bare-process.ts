// The bare loop as a process of its own: `node bare-process.mjs URL BODIES_FILE CONCURRENCY`, where
// BODIES_FILE holds one JSON request body a line. Prints {"calls", "failures"}. Compiled by
// bench/scaling.ts before it runs, so that neither side pays for a TypeScript compiler.
import { readFileSync } from 'node:fs';
import { parseJson } from '../lib/protocol/json';
import { runBareLoop } from './bare-loop';

const [url, bodiesFile, concurrency] = process.argv.slice(2);
const bodies = readFileSync(bodiesFile, 'utf8')
  .split('\n')
  .filter((line) => line.length > 0)
  .map((line, index) => {
    const parsed = parseJson(line);
    if (!parsed.ok) throw new Error(`line ${index + 1} of ${bodiesFile} is not JSON: ${parsed.error}`);
    return parsed.value;
  });
const result = await runBareLoop(url, bodies, Number(concurrency));
process.stdout.write(`${JSON.stringify(result)}\n`);
