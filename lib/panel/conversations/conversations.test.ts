import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExpectedCall, type Expectation } from '../../protocol/expectation';
import { scoreResponse } from '../../datasets/score';
import { createConversationWriter } from '../../db/conversation-writer';
import { createExperiment } from '../../db/queries/experiments';
import { docstringConversation, experimentConfig } from '../../db/testing/fixtures';
import { failingConversation, textConversation } from '../../db/testing/failing-fixtures';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../db/testing/temporary-database';
import { NotFoundError } from '../../errors';
import type { PanelContext } from '../context';
import { idleJobRunner } from '../testing/idle-job-runner';
import { getConversationDetails, getModelCallDetails, listConversationPage } from './conversations';
import { readConversationListRequest } from './query';

let temporary: TemporaryDatabase;
let context: PanelContext;
let experimentId: string;

const DIFF =
  '--- a/math.py\n+++ b/math.py\n@@ -1,2 +1,3 @@\n def add(a, b):\n+    """Add two numbers."""\n     return a + b\n';

beforeEach(() => {
  temporary = openTemporaryDatabase();
  context = { database: temporary.database, jobRunner: idleJobRunner, root: '', simulatorUrl: () => '' };
  experimentId = createExperiment(temporary.database, {
    agentName: 'docstring',
    config: experimentConfig(['baseline', 'directive']),
    simulated: true,
    totalConversations: 4,
  }).id;
  const writer = createConversationWriter(temporary.database);
  writer.write(
    experimentId,
    {
      variantIndex: 0,
      variantName: 'baseline',
      slot: 0,
      inputIndex: 0,
      workspaceDiff: DIFF,
      changedFiles: ['math.py'],
    },
    docstringConversation(),
  );
  writer.write(experimentId, { variantIndex: 0, variantName: 'baseline', slot: 1, inputIndex: 0 }, textConversation());
  writer.write(
    experimentId,
    { variantIndex: 1, variantName: 'directive', slot: 0, inputIndex: 0 },
    failingConversation(),
  );
  writer.close();
});
afterEach(() => temporary.dispose());

const idOf = (variant: string, slot: number) =>
  listConversationPage(context, experimentId, readConversationListRequest({ variant })).page.conversations.find(
    (item) => item.slot === slot,
  )!.id;

describe('conversation pages', () => {
  it('lists by variant name, outcome, parse path, error kind and text', () => {
    const list = (search: Record<string, string>) =>
      listConversationPage(context, experimentId, readConversationListRequest(search));
    expect(list({}).page.total).toEqual({ count: 3, exact: true });
    expect(list({ variant: 'directive' }).page.conversations.map((item) => item.outcome)).toEqual(['error']);
    expect(list({ variant: 'nobody' })).toMatchObject({ unknownVariant: 'nobody', page: { conversations: [] } });
    expect(list({ parsePath: 'text' }).page.conversations.map((item) => item.slot)).toEqual([1]);
    expect(list({ error: 'unknown_tool' }).page.conversations.map((item) => item.variantName)).toEqual(['directive']);
    expect(list({ q: 'cannot help' }).page.conversations.map((item) => item.slot)).toEqual([1]);
    expect(list({ outcome: 'submitted', variant: 'baseline' }).page.conversations.map((item) => item.slot)).toEqual([
      0,
    ]);
    expect(() => listConversationPage(context, 'missing', readConversationListRequest({}))).toThrow(NotFoundError);
  });

  it('reads a transcript turn by turn with its diff, and each call on demand', () => {
    const details = getConversationDetails(context, idOf('baseline', 0));
    expect(details.timeline.opening.map((entry) => entry.message.role)).toEqual(['system', 'user']);
    expect(
      details.timeline.turns.map((turn) => [
        turn.call.turn,
        turn.call.parsePath,
        turn.messages.map((entry) => entry.message.role),
      ]),
    ).toEqual([
      [1, 'tool_calls', ['assistant', 'tool']],
      [2, 'json_name_arguments', ['assistant', 'tool']],
      [3, 'functiongemma_tags', ['assistant', 'tool']],
    ]);
    expect(details.timeline.turns[0].call).not.toHaveProperty('request');
    expect(details.timeline.turns[0].call).not.toHaveProperty('response');
    expect(details.timeline.turns[1].call.sentMessages).toBe(4);
    expect(details.diff?.map((line) => line.kind)).toEqual(['file', 'file', 'hunk', 'context', 'add', 'context']);
    expect(details.conversation.changedFiles).toEqual(['math.py']);
    expect(details.expected).toBeNull();

    const call = getModelCallDetails(context, details.conversation.id, details.timeline.turns[1].call.id);
    expect(call.request.messages[0]).toEqual({
      role: 'system',
      content: 'You are a docstring agent. Always respond with a tool call.\n\nKnown: {"docstring":null}',
    });
    expect(call.request.tools?.map((tool) => tool.function.name)).toEqual(['read_current_docstring', 'submit_result']);
    expect(call.response.text).toContain('write_docstring');
    expect(() => getModelCallDetails(context, details.conversation.id, 99_999)).toThrow(NotFoundError);
  });

  it('keeps a failed request in its turn, with no messages after it', () => {
    const details = getConversationDetails(context, idOf('directive', 0));
    expect(details.timeline.turns.map((turn) => [turn.call.status, turn.messages.length])).toEqual([
      ['ok', 3],
      ['error', 0],
    ]);
  });

  it('shows the expected call beside the actual one for a dataset conversation', () => {
    const lights: Expectation = {
      kind: 'call',
      calls: [ExpectedCall.parse({ name: 'toggle_lights', arguments: { room: ['kitchen'] } })],
    };
    const config = experimentConfig(['plain'], {
      inputs: [{ node_text: 'lights on' }],
      dataset: { id: 'd', name: 'lights', cases: [{ caseId: 'row-1', key: 'case-1', expect: lights }] },
    });
    const dataset = createExperiment(temporary.database, {
      agentName: 'smart_home',
      config,
      simulated: true,
      totalConversations: 1,
    }).id;
    const writer = createConversationWriter(temporary.database);
    const verdict = scoreResponse(
      lights,
      { calls: [{ name: 'toggle_lights', arguments: { room: 'hall' } }] },
      new Map(),
    );
    writer.write(
      dataset,
      { variantIndex: 0, variantName: 'plain', slot: 0, inputIndex: 0, caseId: 'row-1', verdict },
      textConversation(),
    );
    writer.close();
    const id = listConversationPage(context, dataset, readConversationListRequest({})).page.conversations[0].id;
    const details = getConversationDetails(context, id);
    expect(details.datasetCase).toMatchObject({ caseKey: 'case-1', caseId: 'row-1' });
    expect(details.expected).toMatchObject({
      state: 'wrong',
      calls: [
        {
          status: 'wrong_arguments',
          arguments: [{ name: 'room', status: 'wrong_value', accepted: ['kitchen'], actual: 'hall' }],
        },
      ],
    });
  });
});
