// What knip finds (knip.json says where the entry points are): exports and types nothing imports,
// files nothing reaches, dependencies nothing uses, and modules or programs used but not listed.
// Prints one line per finding and exits 1 when there is any. There is no baseline: an export is used
// or it is not exported. knip.json's ignores, since JSON holds no comments: @typescript/native-preview
// is run by path (scripts/typecheck.mjs), prebuild-install is better-sqlite3's own installer (read by
// scripts/cache-native-build.mjs), and ss and mkfifo are the system's programs, not packages.
//   node scripts/check-unused-exports.mjs [ROOT]
import { spawnSync } from 'node:child_process';
import path from 'node:path';

// knip's report: kind of finding -> the line's label.
const KINDS = {
  exports: 'unused export',
  types: 'unused export',
  files: 'unused file',
  dependencies: 'unused dependency',
  devDependencies: 'unused dependency',
  optionalPeerDependencies: 'unused dependency',
  unlisted: 'unlisted dependency',
  binaries: 'unlisted program',
  unresolved: 'unresolved import',
  enumMembers: 'unused enum member',
  duplicates: 'duplicate export',
  namespaceMembers: 'unused namespace member',
};

const root = path.resolve(process.argv[2] ?? '.');
const knip = path.join(root, 'node_modules', 'knip', 'bin', 'knip.js');
const run = spawnSync(process.execPath, [knip, '--reporter', 'json', '--no-progress'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (run.error || !run.stdout.trim().startsWith('{')) {
  console.error(`knip did not run: ${run.error?.message ?? run.stderr}`);
  process.exit(2);
}
const found = JSON.parse(run.stdout)
  .issues.flatMap((issue) =>
    Object.entries(KINDS).flatMap(([kind, label]) =>
      (issue[kind] ?? []).map((item) => `${label}: ${issue.file}: ${item.name}`),
    ),
  )
  .sort();
for (const entry of found) console.log(entry);
const plural = found.length === 1 ? '' : 's';
console.log(`${found.length === 0 ? 'no' : found.length} unused export${plural} or other knip finding${plural}`);
process.exit(found.length === 0 ? 0 : 1);
