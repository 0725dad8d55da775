// The check: a model server that sends, one answer in 25, 100,000-deep JSON (in the body,
// in tool arguments, in content), 2 MB of content, a gzip bomb, truncated JSON and an HTML 502.
// A 200-conversation run of the real command line completes with every conversation stored, and
// each broken answer recorded on its model call as an error with its reason. The run's peak memory
// is a figure, not a test: `npx tsx bench/hostile-memory.ts` prints it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli-process';
import {
  BROKEN_KINDS,
  brokenKindFor,
  startHostileServer,
  type BrokenKind,
  type HostileServer,
} from '../lib/testing/hostile-model-server';

const CONVERSATIONS = 200;
/** What each broken answer's recorded error must say. */
const REASONS: Record<BrokenKind, RegExp> = {
  'deep-body': /not valid JSON \(JSON nests deeper than 64 levels\)/,
  'deep-arguments': /arguments .*nested deeper than 64 levels/,
  'deep-content': /content .*nested deeper than 64 levels/,
  'big-content': /larger than 1048576 bytes/,
  'gzip-bomb': /decompress(es)? to more than 1048576 bytes/,
  'truncated-json': /not valid JSON/,
  'html-502': /answered 502/,
};

let server: HostileServer;
let folder: string;

beforeAll(async () => {
  server = await startHostileServer();
  folder = mkdtempSync(path.join(tmpdir(), 'remora-hostile-'));
});

afterAll(async () => {
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('a hostile model server', () => {
  it('cannot make a run lose a conversation or crash it', async () => {
    const inputs = path.join(folder, 'inputs.jsonl');
    writeFileSync(
      inputs,
      Array.from({ length: CONVERSATIONS }, (_, index) => JSON.stringify({ node_text: `case ${index}` })).join('\n'),
    );
    const db = path.join(folder, 'hostile.db');
    const run = await runCli([
      'harness',
      '--agent',
      'harness',
      '--base-url',
      server.url,
      '--model',
      'hostile',
      '--inputs',
      inputs,
      '--requests-per-variant',
      String(CONVERSATIONS),
      '--concurrency',
      '8',
      '--max-response-bytes',
      '1048576',
      '--db',
      db,
      '--json',
    ]);
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    const summary = JSON.parse(run.stdout) as { status: string; variants: { conversations: number }[] };
    expect(summary.status).toBe('completed');
    expect(summary.variants[0].conversations).toBe(CONVERSATIONS);
    for (const kind of BROKEN_KINDS) expect(server.seen.get(kind) ?? 0, kind).toBeGreaterThanOrEqual(2);

    const database = new Database(db, { readonly: true });
    const conversations = database.prepare('select id, input_index, outcome, error from conversations').all() as {
      id: string;
      input_index: number;
      outcome: string;
      error: string | null;
    }[];
    const calls = database
      .prepare('select conversation_id, turn, status, error, length(response) as response_length from model_calls')
      .all() as {
      conversation_id: string;
      turn: number;
      status: string;
      error: string | null;
      response_length: number | null;
    }[];
    database.close();
    expect(conversations).toHaveLength(CONVERSATIONS);
    expect(conversations.filter((conversation) => conversation.error?.startsWith('internal error'))).toEqual([]);

    for (const conversation of conversations) {
      const broken = [1, 2]
        .map((turn) => ({ turn, kind: brokenKindFor(conversation.input_index, turn) }))
        .find((entry) => entry.kind !== null);
      if (!broken?.kind) {
        expect(conversation.outcome, `case ${conversation.input_index}`).toBe('submitted');
        continue;
      }
      const where = `case ${conversation.input_index}, ${broken.kind} at turn ${broken.turn}`;
      expect(conversation.outcome, where).toBe('error');
      const call = calls.find(
        (candidate) => candidate.conversation_id === conversation.id && candidate.turn === broken.turn,
      );
      expect(call, where).toBeDefined();
      expect(call!.status, where).toBe('error');
      expect(call!.error, where).toMatch(REASONS[broken.kind]);
      // The reason is a line, not the answer itself; a body is stored once, bounded.
      expect(call!.error!.length, where).toBeLessThan(1000);
      expect(conversation.error!.length, where).toBeLessThan(1000);
      expect(call!.response_length ?? 0, where).toBeLessThan(300_000);
    }
  }, 300_000);
});
