// Runs one agent through the real command line against a scripted hostile model, with the trap's
// secrets in the command line's environment, and collects what reached the server and the database.
import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChatRequest } from '../../lib/protocol/messages';
import { startScriptedServer, toolCallMessage } from '../../lib/python/testing/scripted-server';
import { runCli, type CliRun } from '../cli-process';
import { databaseText, type Trap } from '../../lib/tools/testing/trap';

export type HostileStep = { tool: string; args: Record<string, unknown> };

export type HostileRun = {
  cli: CliRun;
  requests: ChatRequest[];
  /** Every request the model server received, as one text. */
  requestText: string;
  databaseText: string;
  /** The tool messages the model saw, in order. */
  toolResults: string[];
  /** The stored configuration of each experiment in the database. */
  configs: Record<string, unknown>[];
};

/** A module with one function, the input the agent works on. */
const TARGET_MODULE = `def apply_discount(price: float, percent: float) -> float:
    """Return the price after a percentage discount."""
    if percent < 0 or percent > 100:
        raise ValueError("percent must be between 0 and 100")
    return round(price * (1 - percent / 100), 2)
`;

function storedConfigs(file: string): Record<string, unknown>[] {
  if (!existsSync(file)) return [];
  const database = new Database(file, { readonly: true });
  try {
    return (database.prepare('select config from experiments').all() as { config: string }[]).map(
      (row) => JSON.parse(row.config) as Record<string, unknown>,
    );
  } finally {
    database.close();
  }
}

export async function runHostileAgent(
  agent: string,
  steps: HostileStep[],
  trap: Trap,
  options: { args?: string[]; env?: Record<string, string> } = {},
): Promise<HostileRun> {
  const folder = mkdtempSync(path.join(tmpdir(), 'remora-hostile-'));
  const project = path.join(folder, 'project');
  mkdirSync(project);
  writeFileSync(path.join(project, 'pricing.py'), TARGET_MODULE);
  // The step is the number of tool results the model has seen so far.
  const server = await startScriptedServer((request) => {
    const seen = request.messages.filter((message) => message.role === 'tool').length;
    const step = steps[seen] ?? { tool: 'submit_result', args: { summary: 'done' } };
    return toolCallMessage(step.tool, step.args, `call_${seen}`);
  });
  try {
    const db = path.join(folder, 'hostile.db');
    const cli = await runCli(
      [
        'harness',
        '--agent',
        agent,
        '--base-url',
        server.baseUrl,
        '--model',
        'functiongemma',
        '--python',
        project,
        '--requests-per-variant',
        '1',
        '--concurrency',
        '1',
        '--db',
        db,
        '--json',
        ...(options.args ?? []),
      ],
      { env: { ...trap.env, ...options.env } },
    );
    const requests = server.requests;
    const last = requests[requests.length - 1];
    const toolResults = (last?.messages ?? [])
      .filter((message) => message.role === 'tool')
      .map((message) => String(message.content));
    return {
      cli,
      requests,
      requestText: JSON.stringify(requests),
      databaseText: databaseText(db),
      toolResults,
      configs: storedConfigs(db),
    };
  } finally {
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
