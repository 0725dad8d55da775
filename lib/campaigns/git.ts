// git, run as a program with arguments (never through a shell), for what campaigns need: a file as
// it was at a commit, and commits written on a new branch without touching the working tree.
import { spawn } from 'node:child_process';

export type GitResult = { code: number; stdout: Buffer; stderr: string };

export function git(
  cwd: string,
  args: string[],
  options: { input?: Buffer; env?: Record<string, string> } = {},
): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['-C', cwd, ...args], {
      env: { ...process.env, ...options.env },
      stdio: [options.input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout: Buffer.concat(out), stderr }));
    if (child.stdin) {
      // git may exit before reading all of its input (an error): its exit code says what went wrong, not EPIPE.
      child.stdin.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE') reject(error);
      });
      child.stdin.end(options.input);
    }
  });
}

/** Runs git and returns its output as text, or throws with git's own message. */
export async function gitText(
  cwd: string,
  args: string[],
  options: { input?: Buffer; env?: Record<string, string> } = {},
): Promise<string> {
  const result = await git(cwd, args, options);
  if (result.code !== 0)
    throw new Error(`git ${args[0]} failed: ${result.stderr.trim() || `exit code ${result.code}`}`);
  return result.stdout.toString('utf8').trim();
}

/** The file's bytes at a commit, or null when the commit has no such file. */
export async function fileAtCommit(root: string, commit: string, relative: string): Promise<Buffer | null> {
  const result = await git(root, ['cat-file', 'blob', `${commit}:./${relative}`]);
  return result.code === 0 ? result.stdout : null;
}

export async function branchExists(root: string, branch: string): Promise<boolean> {
  return (await git(root, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`])).code === 0;
}

/** Author and committer for commits when the repository's git has no identity configured. */
export async function commitIdentity(root: string): Promise<Record<string, string>> {
  const name = (await git(root, ['config', 'user.name'])).stdout.toString('utf8').trim();
  const email = (await git(root, ['config', 'user.email'])).stdout.toString('utf8').trim();
  if (name && email) return {};
  return {
    GIT_AUTHOR_NAME: name || 'Remora',
    GIT_AUTHOR_EMAIL: email || 'remora@localhost',
    GIT_COMMITTER_NAME: name || 'Remora',
    GIT_COMMITTER_EMAIL: email || 'remora@localhost',
  };
}
