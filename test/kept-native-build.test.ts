// After an install that compiled better-sqlite3, scripts/cache-native-build.mjs keeps the result
// where prebuild-install looks before downloading (npm's cache, _prebuilds/), under the very name
// prebuild-install computes, so the next fresh install unpacks it instead of compiling for minutes.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const cache = mkdtempSync(path.join(tmpdir(), 'remora-npm-cache-'));
const run = (env: Record<string, string> = {}) =>
  execFileSync(process.execPath, ['scripts/cache-native-build.mjs'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, npm_config_cache: cache, ...env },
  });

afterAll(() => rmSync(cache, { recursive: true, force: true }));

describe('the kept better-sqlite3 build', () => {
  it('is not kept when REMORA_KEEP_NATIVE_BUILD=0', () => {
    expect(run({ REMORA_KEEP_NATIVE_BUILD: '0' })).toBe('');
    expect(existsSync(path.join(cache, '_prebuilds'))).toBe(false);
  });

  it('is written once, as prebuild-install names and unpacks it', () => {
    expect(run()).toMatch(/kept the compiled better-sqlite3/);
    const require = createRequire(path.join(root, 'node_modules/better-sqlite3/package.json'));
    const util = require('prebuild-install/util');
    const pkg = require('./package.json');
    // prebuild-install's name for it (its folder is this process's npm cache; the child's was `cache`).
    const name = path.basename(
      util.cachedPrebuild(util.getDownloadUrl({ ...require('prebuild-install/rc')(pkg), pkg })),
    );
    expect(readdirSync(path.join(cache, '_prebuilds'))).toEqual([name]);
    const expected = path.join(cache, '_prebuilds', name);
    const listing = execFileSync('tar', ['-tzf', expected], { encoding: 'utf8' });
    expect(listing.trim()).toBe('build/Release/better_sqlite3.node');
    // Already there: nothing written, nothing said.
    expect(run()).toBe('');
  });
});
