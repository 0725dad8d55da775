// Runs pytest on a workspace (python3 -m pytest, JUnit XML to a temporary file outside it).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { errorMessage } from '../errors';
import { readJunitReport, type TestReport } from './junit';

export type PytestOptions = {
  /** The workspace: pytest's working and root folder. */
  folder: string;
  /** Test files or folders, relative to `folder` (all of its tests when empty). */
  targets: string[];
  python?: string;
  timeoutMs?: number;
};

export type PytestRun =
  | { ok: true; report: TestReport; exitCode: number; output: string }
  | { ok: false; error: string; output?: string };

const OUTPUT_LIMIT = 64 * 1024;

type Finished = { code: number | null; signal: NodeJS.Signals | null; output: string; timedOut: boolean; spawnError: NodeJS.ErrnoException | null };

function run(command: string, args: string[], cwd: string, timeoutMs: number): Promise<Finished> {
  return new Promise((resolve) => {
    let output = '';
    let timedOut = false;
    let spawnError: NodeJS.ErrnoException | null = null;
    // Own process group, so a timeout also stops whatever the tests started.
    const child = spawn(command, args, {
      cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1', PYTEST_DISABLE_PLUGIN_AUTOLOAD: '1', PYTHONIOENCODING: 'utf-8' },
    });
    const collect = (chunk: Buffer) => {
      if (output.length < OUTPUT_LIMIT) output += chunk.toString('utf8').slice(0, OUTPUT_LIMIT - output.length);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, timeoutMs);
    child.on('error', (error) => {
      spawnError = error as NodeJS.ErrnoException;
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, output, timedOut, spawnError });
    });
  });
}

function killGroup(pid: number | undefined) {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch (error) {
    // Already gone: nothing left to stop.
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

function tail(text: string, lines = 15): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

export async function runPytest(options: PytestOptions): Promise<PytestRun> {
  const python = options.python ?? 'python3';
  const timeoutMs = options.timeoutMs ?? 45_000;
  const reportFolder = await mkdtemp(path.join(os.tmpdir(), 'remora-junit-'));
  const reportFile = path.join(reportFolder, 'report.xml');
  try {
    const args = ['-m', 'pytest', ...options.targets, '-q', '-p', 'no:cacheprovider', '--rootdir', options.folder, `--junitxml=${reportFile}`, '-o', 'junit_family=xunit2'];
    const finished = await run(python, args, options.folder, timeoutMs);
    if (finished.spawnError) {
      if (finished.spawnError.code === 'ENOENT') return { ok: false, error: `"${python}" was not found on this machine: install Python 3 (and pytest) to run tests` };
      return { ok: false, error: `could not start "${python}": ${errorMessage(finished.spawnError)}` };
    }
    if (finished.timedOut) return { ok: false, error: `pytest did not finish within ${Math.round(timeoutMs / 1000)} s and was stopped (a test that never ends?)`, output: tail(finished.output) };
    let xml: string | null = null;
    try {
      xml = await readFile(reportFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (finished.code === 5) {
      return { ok: true, report: { passed: 0, failed: 0, errors: 0, skipped: 0, total: 0, failures: [] }, exitCode: 5, output: tail(finished.output) };
    }
    if (xml === null && /No module named pytest/.test(finished.output)) {
      return { ok: false, error: `pytest is not installed for ${python}: install it (pip install pytest, or apt-get install python3-pytest) to run tests` };
    }
    if (xml === null) {
      return { ok: false, error: `pytest exited with code ${finished.code ?? finished.signal} without a report: ${tail(finished.output, 8)}`, output: tail(finished.output) };
    }
    const parsed = readJunitReport(xml);
    if (!parsed.ok) return { ok: false, error: parsed.error, output: tail(finished.output) };
    return { ok: true, report: parsed.report, exitCode: finished.code ?? -1, output: tail(finished.output) };
  } finally {
    await rm(reportFolder, { recursive: true, force: true });
  }
}
