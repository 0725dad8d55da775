// vitest's global setup: compile the command line once, so that the test files that spawn it in
// parallel do not each find it stale and compile it again.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from './cli-process';

export default function setup(): void {
  const result = spawnSync(process.execPath, [path.join(projectRoot, 'scripts/cli-build.mjs')], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`could not compile the command line:\n${result.stderr}${result.stdout}`);
}
