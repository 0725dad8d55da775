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
