import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type CliRun = { stdout: string; stderr: string; code: number | null; signal: NodeJS.Signals | null };

/**
 * Runs the real command line (`remora ...`) in a child process, as a user would: through its launcher,
 * which runs the compiled JavaScript (test/build-cli.ts brings it up to date before the tests start).
 */
export function startCli(
  args: string[],
  options: { stdin?: string; env?: Record<string, string> } = {},
): { child: ChildProcess; done: Promise<CliRun> } {
  const child = spawn(process.execPath, [path.join(projectRoot, 'bin/remora.mjs'), ...args], {
    cwd: projectRoot,
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  child.stdin!.end(options.stdin ?? '');
  const done = new Promise<CliRun>((resolve) =>
    child.on('close', (code, signal) => resolve({ stdout, stderr, code, signal })),
  );
  return { child, done };
}

export function runCli(
  args: string[],
  options: { stdin?: string; env?: Record<string, string> } = {},
): Promise<CliRun> {
  return startCli(args, options).done;
}

/**
 * `remora harness` on the harness agent with the two prompt variants of test/fixtures/cli-json
 * (directive and terse), against `baseUrl`, storing in `database`; `extra` flags go last.
 */
export function harnessWithFixtureVariants(
  baseUrl: string,
  requestsPerVariant: number,
  database: string,
  extra: string[] = [],
): string[] {
  const fixtures = path.join(projectRoot, 'test', 'fixtures', 'cli-json');
  return [
    'harness',
    '--agent',
    'harness',
    '--base-url',
    baseUrl,
    '--model',
    'functiongemma-270m-it',
    '--variant',
    `directive=${path.join(fixtures, 'directive.txt')}`,
    '--variant',
    `terse=${path.join(fixtures, 'terse.txt')}`,
    '--requests-per-variant',
    String(requestsPerVariant),
    '--db',
    database,
    ...extra,
  ];
}
