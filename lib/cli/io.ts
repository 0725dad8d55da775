import { ConfigurationError, InputError, RemoraError } from '../errors';
import { config } from '../config';

export async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export type CommandOutput = { stdout: string; stderr: string; exitCode: number };

export function emit(output: CommandOutput): void {
  if (output.stdout) process.stdout.write(output.stdout.endsWith('\n') ? output.stdout : `${output.stdout}\n`);
  if (output.stderr) process.stderr.write(output.stderr.endsWith('\n') ? output.stderr : `${output.stderr}\n`);
  process.exitCode = output.exitCode;
}

/**
 * What the command line prints for an error: `error: MESSAGE` (and the problems, one a line) for
 * the user's mistakes, `internal error: MESSAGE` for bugs; a stack trace only with REMORA_DEBUG=1.
 */
export function describeError(error: unknown): string {
  if (ConfigurationError.is(error) || InputError.is(error)) {
    return [`error: ${error.message}`, ...error.problems.map((problem) => `  - ${problem}`)].join('\n');
  }
  if (RemoraError.is(error) && error.fault !== 'bug') return `error: ${error.message}`;
  const message = error instanceof Error ? error.message : String(error);
  const stack = config().debug && error instanceof Error && error.stack ? `\n${error.stack}` : '';
  return `internal error: ${message} (this is a bug; REMORA_DEBUG=1 shows where)${stack}`;
}

/** Starts a server on host:port; a port already taken becomes a ConfigurationError that says what to do. */
export async function listenOn<Server>(host: string, port: number, start: () => Promise<Server>): Promise<Server> {
  try {
    return await start();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new ConfigurationError(
        `port ${port} on ${host} is already in use; pick another with --port (0 picks a free one)`,
        [],
        { cause: error },
      );
    }
    throw error;
  }
}
