// After `npm install`: where better-sqlite3 had to compile itself (its prebuilt download is
// unreachable, as on the machines this project is tested on: 8 minutes on 2 cores), keep the result
// where its installer (prebuild-install) looks before downloading: npm's cache, _prebuilds/. The next
// fresh install on this machine (a new clone, CI) then unpacks it in a second instead of compiling.
// It writes only there, only after a compile, the file a successful download would have left there
// under prebuild-install's own name; REMORA_KEEP_NATIVE_BUILD=0 turns it off.
// Never fails the install: at worst it says why it kept nothing.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'node_modules/better-sqlite3/package.json'));

let partial = null;
try {
  const folder = path.join(root, 'node_modules/better-sqlite3');
  const binary = 'build/Release/better_sqlite3.node';
  if (process.env.REMORA_KEEP_NATIVE_BUILD !== '0' && existsSync(path.join(folder, binary))) {
    const pkg = require('./package.json');
    // prebuild-install's own reading of the settings and naming of the file, so that it finds it.
    const util = require('prebuild-install/util');
    const options = { ...require('prebuild-install/rc')(pkg), pkg };
    const cached = util.cachedPrebuild(util.getDownloadUrl(options));
    if (!existsSync(cached)) {
      mkdirSync(path.dirname(cached), { recursive: true });
      partial = `${cached}.${process.pid}.tmp`;
      execFileSync('tar', ['-czf', partial, '-C', folder, binary]);
      renameSync(partial, cached);
      console.log(`remora: kept the compiled better-sqlite3 for the next install (${cached})`);
    }
  }
} catch (error) {
  if (partial) rmSync(partial, { force: true });
  console.warn(`remora: did not keep the compiled better-sqlite3 (${error instanceof Error ? error.message : error})`);
}
