// Run by agents-inputs-extract.ts in a child process: reads {paths, nodeTypes, relativeTo} as JSON
// on stdin, extracts the Python nodes, and prints {ok, nodes, inputs, problems} as JSON on stdout.
import { z } from 'zod';
import { errorMessage } from '../../errors';
import { parseJson } from '../../protocol/json';
import { inputsFromPython } from '../../python/files';
import { NODE_TYPES } from '../../python/nodes';

const ChildRequest = z.object({
  paths: z.array(z.string()),
  nodeTypes: z.array(z.enum(NODE_TYPES)),
  relativeTo: z.string(),
});

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(): Promise<void> {
  const parsed = parseJson(await readStdin());
  const request = parsed.ok ? ChildRequest.safeParse(parsed.value) : null;
  if (!request?.success) {
    process.stdout.write(
      JSON.stringify({ ok: false, error: `unreadable request: ${parsed.ok ? request?.error.message : parsed.error}` }),
    );
    return;
  }
  try {
    const result = await inputsFromPython(request.data.paths, {
      nodeTypes: request.data.nodeTypes,
      relativeTo: request.data.relativeTo,
    });
    process.stdout.write(JSON.stringify({ ok: true, ...result }));
  } catch (error) {
    // A parser that cannot start (its grammar missing) is the one failure not reported per file.
    process.stdout.write(JSON.stringify({ ok: false, error: errorMessage(error) }));
  }
}

await main();
