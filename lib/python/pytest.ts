// Runs pytest on a workspace, confined (lib/tools/sandbox): the tests are code the model wrote.
// Remora's Python runs `-m pytest`; the JUnit XML report is written inside the workspace (the one
// place the sandbox can write), read back without following links, and removed.
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, realpath, rm } from 'node:fs/promises';
import path from 'node:path';
import { errorMessage } from '../errors';
import { optionLikePath, runConfined } from '../tools/sandbox/run-confined';
import { isWithin } from '../tools/sandbox/paths';
import { DEFAULT_WORKSPACE_BYTES } from '../tools/sandbox/limits';
import { workspaceFullMessage } from '../tools/sandbox/workspace-bound';
import { readJunitReport, type TestReport } from './junit';

export type PytestOptions = {
  /** The workspace: pytest's working and root folder, and the only folder it may write. */
  folder: string;
  /** Test files or folders, relative to `folder` (all of its tests when empty). */
  targets: string[];
  timeoutMs?: number;
  /** What the workspace may hold in all after the run (DEFAULT_WORKSPACE_BYTES when absent). */
  workspaceBytes?: number;
  /** Where no sandbox is available, run anyway (the user opted in). */
  allowUnconfined?: boolean;
};

export type PytestRun =
  { ok: true; report: TestReport; exitCode: number; output: string } | { ok: false; error: string; output?: string };

/** Folder inside a workspace for Remora's own files (reports); workspace diffs leave it out. */
const REPORT_FOLDER = '.remora';
const MAX_REPORT_BYTES = 8 * 1024 * 1024;

function tail(text: string, lines = 15): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

/**
 * Reads the report pytest wrote, refusing anything but a regular file inside the workspace: the
 * tests could have replaced it with a link to a file of the user's.
 */
async function readReport(folder: string, file: string): Promise<string | null> {
  let real: string;
  try {
    real = await realpath(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (!isWithin(await realpath(folder), real) || !(await lstat(file)).isFile())
    throw new Error('the test report is not a file inside the workspace');
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const { size } = await handle.stat();
    if (size > MAX_REPORT_BYTES) throw new Error(`the test report is ${size} bytes, more than ${MAX_REPORT_BYTES}`);
    return (await handle.readFile()).toString('utf8');
  } finally {
    await handle.close();
  }
}

export async function runPytest(options: PytestOptions): Promise<PytestRun> {
  const timeoutMs = options.timeoutMs ?? 45_000;
  const workspaceBytes = options.workspaceBytes ?? DEFAULT_WORKSPACE_BYTES;
  const dashed = optionLikePath(options.targets);
  if (dashed)
    return {
      ok: false,
      error:
        `the test path "${dashed}" begins with "-", which pytest would read as an option; ` +
        'name a file such as test_module.py',
    };
  const reportFolder = path.join(options.folder, REPORT_FOLDER);
  const reportFile = path.join(reportFolder, `junit-${randomUUID()}.xml`);
  try {
    await mkdir(reportFolder, { recursive: true });
    const args = pytestArgs(options.folder, reportFile, options.targets);
    const run = await runConfined({
      program: 'python',
      args,
      cwd: options.folder,
      writable: [options.folder],
      env: { PYTEST_DISABLE_PLUGIN_AUTOLOAD: '1' },
      timeoutMs,
      limits: { workspaceBytes },
      allowUnconfined: options.allowUnconfined,
    });
    if (!run.ok) return { ok: false, error: run.error };
    const output = `${run.stdout}${run.stderr}`;
    if (run.workspaceFull)
      return { ok: false, error: `pytest: ${workspaceFullMessage(workspaceBytes)}`, output: tail(output) };
    if (run.timedOut)
      return {
        ok: false,
        error:
          `pytest did not finish within ${Math.round(timeoutMs / 1000)} s ` +
          'and was stopped (a test that never ends?)',
        output: tail(output),
      };
    if (run.exitCode === 5)
      return {
        ok: true,
        report: { passed: 0, failed: 0, errors: 0, skipped: 0, total: 0, failures: [] },
        exitCode: 5,
        output: tail(output),
      };
    return await resultFromReport(options.folder, reportFile, run.exitCode, run.signal, output);
  } finally {
    await rm(reportFolder, { recursive: true, force: true });
  }
}

function pytestArgs(folder: string, reportFile: string, targets: string[]): string[] {
  // `--` ends the options: whatever the targets say, pytest reads them as paths.
  return [
    '-m',
    'pytest',
    '-q',
    '-p',
    'no:cacheprovider',
    '--rootdir',
    folder,
    `--junitxml=${reportFile}`,
    '-o',
    'junit_family=xunit2',
    '--',
    ...targets,
  ];
}

/** The run's result from its JUnit report, or why there is none (pytest missing, no report, an unreadable one). */
async function resultFromReport(
  folder: string,
  reportFile: string,
  exitCode: number | null,
  signal: NodeJS.Signals | null,
  output: string,
): Promise<PytestRun> {
  let xml: string | null;
  try {
    xml = await readReport(folder, reportFile);
  } catch (error) {
    return { ok: false, error: `cannot read pytest's report: ${errorMessage(error)}`, output: tail(output) };
  }
  if (xml === null && /No module named pytest/.test(output)) {
    return {
      ok: false,
      error:
        'pytest is not installed for the Python Remora runs: ' +
        'install it (pip install pytest, or apt-get install python3-pytest), ' +
        'or set REMORA_PYTHON to an interpreter that has it',
    };
  }
  if (xml === null)
    return {
      ok: false,
      error: `pytest exited with code ${exitCode ?? signal} without a report: ${tail(output, 8)}`,
      output: tail(output),
    };
  const parsed = readJunitReport(xml);
  if (!parsed.ok) return { ok: false, error: parsed.error, output: tail(output) };
  return { ok: true, report: parsed.report, exitCode: exitCode ?? -1, output: tail(output) };
}
