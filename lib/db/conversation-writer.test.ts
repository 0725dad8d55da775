import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationRecord } from '../runner/types';
import { createConversationWriter, slotKey } from './conversation-writer';
import { StorageError } from './errors';
import { createExperiment } from './queries/experiments';
import { getConversationRecord, listConversations } from './queries/conversations';
import { docstringConversation, experimentConfig, meta } from './testing/fixtures';
import { failingConversation, textConversation } from './testing/failing-fixtures';
import { openTemporaryDatabase, type TemporaryDatabase } from './testing/temporary-database';

let temporary: TemporaryDatabase;
let experimentId: string;

beforeEach(() => {
  temporary = openTemporaryDatabase();
  experimentId = createExperiment(temporary.database, {
    agentName: 'docstring',
    config: experimentConfig(),
    simulated: true,
    totalConversations: 20,
  }).id;
});
afterEach(() => {
  vi.useRealTimers();
  temporary.dispose();
});

function countRows(table: string): number {
  return temporary.database.$client.prepare(`select count(*) from ${table}`).pluck().get() as number;
}

function storedIdOfSlot(slot: number, variantIndex = 0): string {
  return temporary.database.$client
    .prepare('select id from conversations where experiment_id = ? and variant_index = ? and slot = ?')
    .pluck()
    .get(experimentId, variantIndex, slot) as string;
}

describe('createConversationWriter', () => {
  it('stores a conversation that reads back exactly as it was written', () => {
    const writer = createConversationWriter(temporary.database);
    const records: ConversationRecord[] = [docstringConversation(), failingConversation(), textConversation()];
    records.forEach((record, slot) =>
      writer.write(
        experimentId,
        {
          ...meta(slot),
          workspaceDiff: slot === 0 ? '--- a\n+++ b\n' : null,
          changedFiles: slot === 0 ? ['math.py'] : null,
        },
        record,
      ),
    );
    writer.close();

    records.forEach((record, slot) => {
      const stored = getConversationRecord(temporary.database, storedIdOfSlot(slot));
      expect(stored?.record).toEqual(record);
      expect(stored?.experimentId).toBe(experimentId);
    });
    expect(getConversationRecord(temporary.database, storedIdOfSlot(0))?.meta).toEqual({
      variantIndex: 0,
      variantName: 'baseline',
      slot: 0,
      inputIndex: 0,
      workspaceDiff: '--- a\n+++ b\n',
      changedFiles: ['math.py'],
    });
    expect(countRows('messages')).toBe(8 + 5 + 3);
    expect(countRows('model_calls')).toBe(3 + 2 + 1);
    expect(countRows('tool_executions')).toBe(3 + 2 + 0);
  });

  it('stores JSON nulls as SQL NULL and counts calls and responses', () => {
    const writer = createConversationWriter(temporary.database);
    writer.write(experimentId, meta(0), failingConversation());
    writer.flush();
    const row = temporary.database.$client
      .prepare(
        'select result, model_call_count, model_response_count, tool_call_count, changed_files from conversations',
      )
      .get();
    expect(row).toEqual({
      result: null,
      model_call_count: 2,
      model_response_count: 1,
      tool_call_count: 2,
      changed_files: null,
    });
    const failedCall = temporary.database.$client
      .prepare("select usage, parse_path, prompt_tokens from model_calls where status = 'error'")
      .get();
    expect(failedCall).toEqual({ usage: null, parse_path: null, prompt_tokens: null });
  });

  it('keeps the first copy of a slot and writes no children for a duplicate', () => {
    const writer = createConversationWriter(temporary.database);
    writer.write(experimentId, meta(0), docstringConversation());
    writer.flush();
    const firstId = storedIdOfSlot(0);
    // Same slot again, in a later batch and twice within one batch.
    writer.write(experimentId, meta(0), textConversation());
    writer.write(experimentId, meta(0), failingConversation());
    writer.write(experimentId, meta(1), textConversation());
    expect(() => writer.flush()).not.toThrow();

    expect(storedIdOfSlot(0)).toBe(firstId);
    expect(getConversationRecord(temporary.database, firstId)?.record).toEqual(docstringConversation());
    expect(countRows('conversations')).toBe(2);
    expect(countRows('messages')).toBe(8 + 3);
    expect(countRows('model_calls')).toBe(3 + 1);
    expect(countRows('tool_executions')).toBe(3);
  });

  it('stores a conversation whose rows the database refuses as a bare row with the reason, never half of it', () => {
    const failures: StorageError[] = [];
    const writer = createConversationWriter(temporary.database, {
      maxBatch: 100,
      onError: (error) => failures.push(error),
    });
    const broken = docstringConversation();
    // Forced past TypeScript: SQLite's NOT NULL refuses the second tool execution, after the
    // conversation row, its messages, its model calls and its first execution were inserted.
    (broken.toolExecutions[1] as { toolName: string | null }).toolName = null;
    writer.write(experimentId, meta(0), docstringConversation());
    writer.write(experimentId, meta(1), broken);
    writer.write(experimentId, meta(2), textConversation());
    writer.flush();

    // Every slot is stored: the broken one as its row alone, marked as an error that says why.
    expect(writer.completedSlots(experimentId)).toEqual(new Set([slotKey(0, 0), slotKey(0, 1), slotKey(0, 2)]));
    const bare = temporary.database.$client
      .prepare('select outcome, error, model_call_count from conversations where slot = 1')
      .get() as { outcome: string; error: string; model_call_count: number };
    expect(bare).toMatchObject({ outcome: 'error', model_call_count: 0 });
    expect(bare.error).toMatch(
      /could not be stored as it was \(NOT NULL constraint failed: tool_executions.tool_name\); only this row was kept/,
    );
    expect(countRows('messages')).toBe(8 + 3);
    expect(countRows('model_calls')).toBe(3 + 1);
    expect(countRows('tool_executions')).toBe(3);
    expect(failures).toEqual([]);
  });

  it('stores values JSON cannot hold as a placeholder with the reason, the rest of the conversation as it was', () => {
    const writer = createConversationWriter(temporary.database);
    const unserialisable = textConversation();
    unserialisable.modelCalls[0].response = { tokens: 10n };
    let deep: unknown[] = [];
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    unserialisable.knowledge = { deep };
    writer.write(experimentId, meta(0), textConversation());
    writer.write(experimentId, meta(1), unserialisable);
    writer.close();
    expect(writer.completedSlots(experimentId)).toEqual(new Set([slotKey(0, 0), slotKey(0, 1)]));
    expect(countRows('messages')).toBe(3 + 3);
    const stored = getConversationRecord(temporary.database, storedIdOfSlot(1))?.record;
    expect(stored?.modelCalls[0].response).toEqual({
      remora_placeholder: expect.stringMatching(/^could not be stored as it was: .*BigInt/),
    });
    expect(stored?.knowledge).toEqual({
      remora_placeholder: expect.stringMatching(/^could not be stored as it was: Maximum call stack size exceeded/),
    });
    expect(stored?.messages).toEqual(unserialisable.messages);
  });

  it('cuts what a model sent past the storage limits and notes its size', () => {
    const writer = createConversationWriter(temporary.database);
    const large = textConversation();
    const content = 'x'.repeat(2 * 1024 * 1024);
    large.modelCalls[0].response = { choices: [{ message: { role: 'assistant', content } }] };
    large.messages[2] = { role: 'assistant', content };
    large.finalText = content;
    writer.write(experimentId, meta(0), large);
    writer.close();
    const stored = getConversationRecord(temporary.database, storedIdOfSlot(0))?.record;
    const note = `… [cut by Remora: ${content.length} characters in all]`;
    expect(stored?.messages[2].content).toBe(`${'x'.repeat(64 * 1024)}${note}`);
    expect(stored?.finalText).toBe(`${'x'.repeat(64 * 1024)}${note}`);
    expect(stored?.modelCalls[0].response).toEqual({
      choices: [{ message: { role: 'assistant', content: `${'x'.repeat(64 * 1024)}${note}` } }],
    });
    // The prompt's own messages are kept exactly.
    expect(stored?.messages.slice(0, 2)).toEqual(large.messages.slice(0, 2));
  });

  it('flushes when the batch is full and when the interval passes', () => {
    vi.useFakeTimers();
    const writer = createConversationWriter(temporary.database, { maxBatch: 3, flushIntervalMs: 1000 });
    writer.write(experimentId, meta(0), textConversation());
    writer.write(experimentId, meta(1), textConversation());
    expect(countRows('conversations')).toBe(0);
    writer.write(experimentId, meta(2), textConversation());
    expect(countRows('conversations')).toBe(3);

    writer.write(experimentId, meta(3), textConversation());
    vi.advanceTimersByTime(999);
    expect(countRows('conversations')).toBe(3);
    vi.advanceTimersByTime(1);
    expect(countRows('conversations')).toBe(4);
    writer.close();
  });

  it('hands a background failure to onError, or keeps it for the next flush', () => {
    vi.useFakeTimers();
    const broken = textConversation();
    // Refused even as a bare row: the conversation's own row breaks NOT NULL.
    const brokenMeta = (slot: number) => ({ ...meta(slot), variantName: null as unknown as string });

    const reported: StorageError[] = [];
    const reporting = createConversationWriter(temporary.database, {
      flushIntervalMs: 10,
      onError: (error) => reported.push(error),
    });
    reporting.write(experimentId, brokenMeta(0), broken);
    vi.advanceTimersByTime(10);
    expect(reported).toHaveLength(1);
    expect(reported[0].failures[0].slot).toBe(0);

    const keeping = createConversationWriter(temporary.database, { flushIntervalMs: 10 });
    keeping.write(experimentId, brokenMeta(1), broken);
    vi.advanceTimersByTime(10);
    keeping.write(experimentId, brokenMeta(2), broken);
    vi.advanceTimersByTime(10);
    let kept: unknown = null;
    try {
      keeping.flush();
    } catch (error) {
      kept = error;
    }
    expect(kept).toBeInstanceOf(StorageError);
    expect((kept as StorageError).failures.map((failure) => failure.slot)).toEqual([1, 2]);
    expect(() => keeping.flush()).not.toThrow();
  });

  it('keeps a batch queued when the database itself fails, and stores it once it can', () => {
    const writer = createConversationWriter(temporary.database);
    writer.write(experimentId, meta(0), textConversation());
    // Another connection holds the write lock; with no busy timeout this connection fails at once.
    const other = new (temporary.database.$client.constructor as typeof import('better-sqlite3'))(temporary.file);
    other.prepare('begin immediate').run();
    temporary.database.$client.pragma('busy_timeout = 0');
    try {
      expect(() => writer.flush()).toThrow(/stay queued/);
      expect(writer.completedSlots(experimentId)).toEqual(new Set([slotKey(0, 0)]));
    } finally {
      other.prepare('rollback').run();
      other.close();
    }
    expect(countRows('conversations')).toBe(0);
    writer.close();
    expect(countRows('conversations')).toBe(1);
    expect(countRows('messages')).toBe(3);
  });

  it('refuses writes after close', () => {
    const writer = createConversationWriter(temporary.database);
    writer.close();
    expect(() => writer.write(experimentId, meta(0), textConversation())).toThrow(/closed/);
  });

  it('reports completed slots from the database and the queue', () => {
    const writer = createConversationWriter(temporary.database);
    writer.write(experimentId, meta(0, 0), textConversation());
    writer.flush();
    writer.write(experimentId, meta(4, 1), textConversation());
    const other = createExperiment(temporary.database, {
      agentName: 'docstring',
      config: experimentConfig(),
      simulated: true,
      totalConversations: 1,
    }).id;
    writer.write(other, meta(9), textConversation());
    expect(writer.completedSlots(experimentId)).toEqual(new Set(['0:0', '1:4']));
    writer.close();
    expect(listConversations(temporary.database, experimentId).total).toBe(2);
  });

  it('writes 5,000 conversations and prints the cost of each', () => {
    const writer = createConversationWriter(temporary.database, { maxBatch: 100 });
    const record = docstringConversation();
    const conversations = 5000;
    const started = process.cpuUsage();
    const startedAt = performance.now();
    for (let slot = 0; slot < conversations; slot += 1) writer.write(experimentId, meta(slot), record);
    writer.close();
    const [cpu, wall] = [process.cpuUsage(started), performance.now() - startedAt];
    console.log(
      `conversation writer: ${((cpu.user + cpu.system) / conversations).toFixed(1)} µs CPU and ` +
        `${((wall * 1000) / conversations).toFixed(1)} µs wall per conversation ` +
        `(${record.modelCalls.length} model calls, ${record.messages.length} messages, ` +
        `${record.toolExecutions.length} tool executions)`,
    );
    expect(countRows('conversations')).toBe(conversations);
    expect(countRows('messages')).toBe(conversations * record.messages.length);
    expect(countRows('model_calls')).toBe(conversations * record.modelCalls.length);
    expect(countRows('tool_executions')).toBe(conversations * record.toolExecutions.length);
    expect(getConversationRecord(temporary.database, storedIdOfSlot(4321))?.record).toEqual(record);
  });
});
