// Exports nothing imports, found by knip (knip.json says where the entry points are): prints one
// line per such export and exits 1 when there is any. There is no baseline: an export is used or
// it is not exported.
//   node scripts/check-unused-exports.mjs [ROOT]
import { spawnSync } from 'node:child_process';
import path from 'node:path';

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
const found = JSON.parse(run.stdout)
  .issues.flatMap((issue) => [...issue.exports, ...issue.types].map((item) => `${issue.file}: ${item.name}`))
  .sort();
for (const entry of found) console.log(`unused export: ${entry}`);
console.log(`${found.length === 0 ? 'no' : found.length} unused export${found.length === 1 ? '' : 's'}`);
process.exit(found.length === 0 ? 0 : 1);
