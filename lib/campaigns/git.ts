// Every git command Remora runs on a repository it was handed goes through here. The repository is
// untrusted (a fork, a pull request, a vendored package): its .git/config, .gitattributes and
// .git/hooks can name programs that git would run as the user (hooks, core.fsmonitor, filters and
// process filters, textconv, external diff, pager, gpg.program). So git runs as a program with
// arguments (never a shell), only a short list of plumbing subcommands that read or write objects
// and refs, with every such setting switched off on its command line (which beats any config
// file), no system or global configuration, an environment of our own (nothing GIT_* inherited),
// and a time limit. A failure is a GitCommandError: one line naming the command, exit code 2.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RemoraError } from '../errors';

export type GitResult = { code: number; stdout: Buffer; stderr: string };

export type GitOptions = {
  input?: Buffer;
  /** Only what a command needs on top (GIT_INDEX_FILE, the commit identity): never the caller's environment. */
  env?: Record<string, string>;
  timeoutMs?: number;
};

const GIT_TIMEOUT_MS = 120_000;

/** Plumbing that reads or writes objects, the index and refs: none of it runs a filter, diff, pager or hook here. */
const ALLOWED = new Set([
  'rev-parse',
  'cat-file',
  'ls-tree',
  'ls-files',
  'hash-object',
  'read-tree',
  'update-index',
  'write-tree',
  'commit-tree',
  'update-ref',
  'config',
]);

/**
 * Settings that name a program (or make git start one), each switched off. `-c` outranks every
 * configuration file, includes and the repository's own .git/config among them.
 */
const SAFE_SETTINGS = [
  'core.hooksPath=/dev/null',
  'core.fsmonitor=false',
  'core.untrackedCache=false',
  'core.pager=cat',
  'core.editor=false',
  'core.askPass=',
  'core.sshCommand=false',
  'core.alternateRefsCommand=',
  'credential.helper=',
  'diff.external=',
  'commit.gpgSign=false',
  'tag.gpgSign=false',
  'gc.auto=0',
  'maintenance.auto=false',
  'protocol.allow=never',
  'core.quotePath=false',
].flatMap((setting) => ['-c', setting]);

/** git failed, could not start, or ran out of time: the user's repository (or setup), not a bug. */
export class GitCommandError extends RemoraError {
  static readonly code = 'GitCommandError';
  readonly command: string;
  constructor(command: string, reason: string) {
    super('input', `${command} failed: ${reason}`);
    this.command = command;
  }
}

let emptyHome: string | null = null;

/** An empty folder for HOME, so that no ~/.gitconfig or XDG configuration is found by any route. */
function home(): string {
  if (emptyHome === null) {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'remora-git-home-'));
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    emptyHome = folder;
  }
  return emptyHome;
}

/** The whole environment git gets: nothing of the caller's but PATH (to find git) and the locale. */
function gitEnvironment(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    LANG: 'C',
    LC_ALL: 'C',
    HOME: home(),
    XDG_CONFIG_HOME: home(),
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_ATTR_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    // A partial clone would fetch a missing object from its remote (ssh, a remote helper): never.
    GIT_NO_LAZY_FETCH: '1',
    GIT_PAGER: 'cat',
    PAGER: 'cat',
    GIT_EDITOR: 'false',
    ...extra,
  };
}

/** How a command is named in an error: the subcommand and its arguments, not the settings in front. */
function commandName(args: string[]): string {
  const shown = args.map((arg) => (/^[\w./:=@^~-]+$/.test(arg) ? arg : JSON.stringify(arg))).join(' ');
  return `git ${shown.length > 200 ? `${shown.slice(0, 200)}...` : shown}`;
}

export function git(cwd: string, args: string[], options: GitOptions = {}): Promise<GitResult> {
  const name = commandName(args);
  if (!ALLOWED.has(args[0])) return Promise.reject(new GitCommandError(name, 'not a command Remora runs'));
  const timeoutMs = options.timeoutMs ?? GIT_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['--no-pager', ...SAFE_SETTINGS, '-C', cwd, ...args], {
      env: gitEnvironment(options.env) as NodeJS.ProcessEnv,
      stdio: [options.input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
    });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += chunk.toString('utf8');
    });
    child.on('error', (error) => reject(new GitCommandError(name, `could not start git (${error.message})`)));
    child.on('close', (code, signal) => {
      if (signal === 'SIGKILL' && code === null)
        reject(new GitCommandError(name, `no answer within ${Math.round(timeoutMs / 1000)} s`));
      else resolve({ code: code ?? -1, stdout: Buffer.concat(out), stderr });
    });
    if (child.stdin) {
      // git may exit before reading all of its input (an error): its exit code says what went wrong, not EPIPE.
      child.stdin.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE') reject(error);
      });
      child.stdin.end(options.input);
    }
  });
}

/** git's output, or a GitCommandError with git's first complaint as the reason. */
export async function gitOutput(cwd: string, args: string[], options: GitOptions = {}): Promise<Buffer> {
  const result = await git(cwd, args, options);
  if (result.code !== 0) {
    const lines = result.stderr
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    // git's own complaint, not a warning printed before it.
    const reason = lines.find((line) => /^(fatal|error):/.test(line)) ?? lines[0];
    throw new GitCommandError(commandName(args), reason ?? `exit code ${result.code}`);
  }
  return result.stdout;
}

/** Runs git and returns its output as text, trimmed. */
export async function gitText(cwd: string, args: string[], options: GitOptions = {}): Promise<string> {
  return (await gitOutput(cwd, args, options)).toString('utf8').trim();
}

/** The file's bytes at a commit (exactly as stored: no filter applies to `cat-file blob`), or null when it has none. */
export async function fileAtCommit(root: string, commit: string, relative: string): Promise<Buffer | null> {
  const result = await git(root, ['cat-file', 'blob', `${commit}:./${relative}`]);
  return result.code === 0 ? result.stdout : null;
}

export async function branchExists(root: string, branch: string): Promise<boolean> {
  return (await git(root, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`])).code === 0;
}

async function configValue(cwd: string, key: string, global: boolean): Promise<string> {
  if (!global) return (await git(cwd, ['config', '--get', key])).stdout.toString('utf8').trim();
  // The user's own identity: read as a value from their global file, outside any repository.
  const file = path.join(os.homedir(), '.gitconfig');
  return (await git(home(), ['config', '--file', file, '--get', key])).stdout.toString('utf8').trim();
}

/** Author and committer for commits: the repository's identity, else the user's, else Remora's. */
export async function commitIdentity(root: string): Promise<Record<string, string>> {
  const name = (await configValue(root, 'user.name', false)) || (await configValue(root, 'user.name', true));
  const email = (await configValue(root, 'user.email', false)) || (await configValue(root, 'user.email', true));
  return {
    GIT_AUTHOR_NAME: name || 'Remora',
    GIT_AUTHOR_EMAIL: email || 'remora@localhost',
    GIT_COMMITTER_NAME: name || 'Remora',
    GIT_COMMITTER_EMAIL: email || 'remora@localhost',
  };
}
