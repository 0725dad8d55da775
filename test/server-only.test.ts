// The database and job-runner modules are marked server-only: Next refuses them in a client bundle,
// plain Node refuses them without React's server condition, and every place that runs them on
// purpose (vitest, the compiled command line, bench with --conditions=react-server) still can.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from './cli-process';

const TSX = path.join(projectRoot, 'node_modules', '.bin', 'tsx');

const scripts = mkdtempSync(path.join(tmpdir(), 'remora-server-only-'));
afterAll(() => rmSync(scripts, { recursive: true, force: true }));

function importWithTsx(module: string, conditions: string[] = []) {
  const script = path.join(scripts, `import-${conditions.length}.mts`);
  writeFileSync(script, `await import(${JSON.stringify(path.join(projectRoot, module))});\nconsole.log('imported');\n`);
  const run = spawnSync(TSX, [...conditions.map((condition) => `--conditions=${condition}`), script], {
    cwd: projectRoot,
    encoding: 'utf8',
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe("import 'server-only'", () => {
  for (const module of ['lib/db/client.ts', 'lib/experiments/job-runner.ts']) {
    it(`keeps ${module} out of anything but a server`, () => {
      const refused = importWithTsx(module);
      expect(refused.output).toContain('This module cannot be imported from a Client Component module');
      expect(refused.status).not.toBe(0);
      const allowed = importWithTsx(module, ['react-server']);
      expect(allowed.output).toContain('imported');
      expect(allowed.status).toBe(0);
    });
  }

  it('is the empty module in vitest', async () => {
    const client = await import('../lib/db/client');
    expect(typeof client.openDatabase).toBe('function');
  });
});
