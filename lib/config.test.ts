import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigurationError } from './errors';
import { projectRoot, readConfig } from './config';

const elsewhere = mkdtempSync(path.join(tmpdir(), 'remora-config-'));
afterAll(() => rmSync(elsewhere, { recursive: true, force: true }));

describe('readConfig', () => {
  it('resolves REMORA_DB from the project root, not the working folder', () => {
    const root = projectRoot();
    expect(readConfig({}).databaseFile).toBe(path.join(root, 'data', 'remora.db'));
    expect(readConfig({ REMORA_DB: 'data/other.db' }).databaseFile).toBe(path.join(root, 'data', 'other.db'));
    expect(readConfig({ REMORA_DB: '/srv/remora/panel.db' }).databaseFile).toBe('/srv/remora/panel.db');
    expect(readConfig({ REMORA_DB: '' }).databaseFile).toBe(path.join(root, 'data', 'remora.db'));
  });

  it('reads the other settings and their defaults', () => {
    const settings = readConfig({ REMORA_SIM_LATENCY_MS: '0', REMORA_AGENTS_DIR: 'agents', REMORA_TOKEN: 'secret' });
    expect(settings).toMatchObject({
      simulatorLatencyMs: 0,
      agentsDir: path.join(projectRoot(), 'agents'),
      token: 'secret',
      migrationsFolder: null,
    });
    expect(readConfig({}).simulatorLatencyMs).toBe(25);
  });

  it('refuses a bad value with the variable named', () => {
    expect(() => readConfig({ REMORA_SIM_LATENCY_MS: 'fast' })).toThrow(ConfigurationError);
    const problems = (() => {
      try {
        readConfig({ REMORA_SIM_LATENCY_MS: '-5' });
        return [];
      } catch (error) {
        return ConfigurationError.is(error) ? error.problems : [String(error)];
      }
    })();
    expect(problems).toEqual([expect.stringMatching(/^REMORA_SIM_LATENCY_MS: /)]);
  });

  it('pins the built-in simulator to REMORA_SIM_PORT, and refuses what is not a port', () => {
    expect(readConfig({}).simulatorPort).toBe(0);
    expect(readConfig({ REMORA_SIM_PORT: '8089' }).simulatorPort).toBe(8089);
    for (const bad of ['80a', '-1', '65536', '1.5']) {
      expect(() => readConfig({ REMORA_SIM_PORT: bad }), bad).toThrow(ConfigurationError);
    }
  });
});

describe('the same database file from any working folder', () => {
  it('is the file the command line opens, started from another folder, and the panel computes', () => {
    const file = path.join(elsewhere, 'shared', 'remora.db');
    // A relative REMORA_DB, as a user would write it in the project's folder.
    const relative = path.relative(projectRoot(), file);
    const cli = path.join(projectRoot(), 'bin', 'remora.mjs');
    // A working folder at another depth than the project root, so that the relative path would lead elsewhere from it.
    const cwd = path.join(elsewhere, 'a', 'b', 'c');
    mkdirSync(cwd, { recursive: true });
    const printed = execFileSync(process.execPath, [cli, 'campaign', 'list', '--json'], {
      cwd,
      env: { ...process.env, REMORA_DB: relative },
      encoding: 'utf8',
    });
    expect(JSON.parse(printed)).toEqual([]);
    expect(existsSync(file)).toBe(true);
    // The panel's server side reads the same module, whatever folder Next runs in.
    expect(readConfig({ REMORA_DB: relative }).databaseFile).toBe(file);
  });
});
