// Exports nothing imports, found by knip (knip.json says where the entry points are). Prints one
// line per export that is not in the baseline (scripts/unused-exports-baseline.json: the ones left
// in folders whose owners had not cleared them yet) and exits 1 when there is any.
//   node scripts/check-unused-exports.mjs [ROOT]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(process.argv[2] ?? '.');
const knip = path.join(root, 'node_modules', 'knip', 'bin', 'knip.js');
const run = spawnSync(process.execPath, [knip, '--include', 'exports,types', '--reporter', 'json', '--no-progress'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (run.error || !run.stdout.trim().startsWith('{')) {
  console.error(`knip did not run: ${run.error?.message ?? run.stderr}`);
  process.exit(2);
}
const baselineFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'unused-exports-baseline.json');
const baseline = new Set(JSON.parse(readFileSync(baselineFile, 'utf8')));
const found = JSON.parse(run.stdout).issues.flatMap((issue) =>
  [...issue.exports, ...issue.types].map((item) => `${issue.file}: ${item.name}`),
);
const unexpected = found.filter((entry) => !baseline.has(entry)).sort();
for (const entry of unexpected) console.log(`unused export: ${entry}`);
console.log(
  `${unexpected.length === 0 ? 'no' : unexpected.length} new unused export${unexpected.length === 1 ? '' : 's'}`,
);
process.exit(unexpected.length === 0 ? 0 : 1);
