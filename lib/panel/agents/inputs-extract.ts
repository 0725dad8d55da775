// Python nodes are extracted in a child process (inputs-child.ts), for two reasons: parsing a large
// folder is synchronous work that would stall the panel's server for every other request meanwhile,
// and tree-sitter's grammar is located with require.resolve, which Next's bundler replaces with a
// module number inside the panel. The child is the project's compiled build of inputs-child.ts when
// that build is current (0.13 s of CPU to run instead of about 0.6 s), else the source through tsx.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { z } from 'zod';
import { compiledOrSource } from '../../build/tool-worker-launch';
import { ConfigurationError, InputError } from '../../errors';
import { parseJson } from '../../protocol/json';
import { ConversationVariables } from '../../protocol/conversation';
import type { PythonInputs } from '../../python/files';
import type { NodeType } from '../../python/nodes';

/** Reading and parsing more than this is given up (a folder far too large for an input set). */
const EXTRACTION_TIMEOUT_MS = 120_000;
const MAX_OUTPUT_BYTES = 256 * 1024 * 1024;

const ChildAnswer = z.union([
  z.object({
    ok: z.literal(true),
    inputs: z.array(ConversationVariables),
    nodes: z.array(
      z.object({
        type: z.enum(['function', 'method', 'class', 'module']),
        name: z.string(),
        className: z.string().nullable(),
        text: z.string(),
        filePath: z.string(),
        startLine: z.number(),
        endLine: z.number(),
      }),
    ),
    problems: z.array(z.string()),
  }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);

export function extractPythonInputs(
  root: string,
  paths: string[],
  nodeTypes: readonly NodeType[],
): Promise<PythonInputs> {
  const source = path.join(root, 'lib', 'panel', 'agents', 'inputs-child.ts');
  const launch = compiledOrSource(root, source, 'inputs-child.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...launch.execArgv, launch.script], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let failure: string | null = null;
    const timer = setTimeout(() => {
      failure = `reading the Python files took longer than ${EXTRACTION_TIMEOUT_MS / 1000} s; choose fewer files`;
      child.kill('SIGKILL');
    }, EXTRACTION_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > MAX_OUTPUT_BYTES) {
        failure = 'the files give more text than an input set can hold; choose fewer files';
        child.kill('SIGKILL');
        return;
      }
      stdout.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new ConfigurationError('cannot start the Python extraction process', [error.message], { cause: error }));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (failure) {
        reject(new InputError(failure, ['paths: too much to read at once']));
        return;
      }
      const parsed = parseJson(Buffer.concat(stdout).toString('utf8'));
      const answer = parsed.ok ? ChildAnswer.safeParse(parsed.value) : null;
      if (!answer?.success) {
        reject(
          new ConfigurationError(`the Python extraction process failed (exit code ${code})`, [
            stderr.trim() || 'it printed no answer',
          ]),
        );
        return;
      }
      if (!answer.data.ok) {
        reject(new ConfigurationError('the Python parser could not run', [answer.data.error]));
        return;
      }
      resolve({ inputs: answer.data.inputs, nodes: answer.data.nodes, problems: answer.data.problems });
    });
    child.stdin.end(JSON.stringify({ paths, nodeTypes, relativeTo: root }));
  });
}
