// Reviewing: labels and notes through the API's request, previous/next within a filter, the label
// filter on the list, on the API's offset list and on exports, and search across experiments.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConversationWriter } from '../../db/conversation-writer';
import { createExperiment } from '../../db/queries/experiments';
import { docstringConversation, experimentConfig } from '../../db/testing/fixtures';
import { failingConversation, textConversation } from '../../db/testing/failing-fixtures';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../db/testing/temporary-database';
import type { PanelContext } from '../context';
import { idleJobRunner } from '../testing/idle-job-runner';
import { conversationNeighbours, listConversationPage } from '../conversations/conversations';
import { readConversationListRequest } from '../conversations/query';
import { listExperimentConversations } from '../experiments/experiments';
import { ConversationQuery } from '../experiments/requests';
import { exportExperiment } from '../export/export';
import { changeReview, readReview, ReviewRequest } from './review';
import { readSearchPage, searchTranscripts } from './search';

let temporary: TemporaryDatabase;
let context: PanelContext;
let experimentId: string;
let otherId: string;

beforeEach(() => {
  temporary = openTemporaryDatabase();
  context = { database: temporary.database, jobRunner: idleJobRunner, root: '', simulatorUrl: () => '' };
  experimentId = createExperiment(temporary.database, {
    agentName: 'docstring',
    config: experimentConfig(['baseline', 'directive']),
    simulated: true,
    totalConversations: 6,
  }).id;
  otherId = createExperiment(temporary.database, {
    agentName: 'docstring',
    config: experimentConfig(['baseline']),
    simulated: true,
    totalConversations: 1,
  }).id;
  const writer = createConversationWriter(temporary.database);
  // baseline: docstring, text, docstring, text; directive: failing, docstring.
  for (const slot of [0, 1, 2, 3])
    writer.write(
      experimentId,
      { variantIndex: 0, variantName: 'baseline', slot, inputIndex: 0 },
      slot % 2 === 0 ? docstringConversation() : textConversation(),
    );
  writer.write(
    experimentId,
    { variantIndex: 1, variantName: 'directive', slot: 0, inputIndex: 0 },
    failingConversation(),
  );
  writer.write(
    experimentId,
    { variantIndex: 1, variantName: 'directive', slot: 1, inputIndex: 0 },
    docstringConversation(),
  );
  writer.write(otherId, { variantIndex: 0, variantName: 'baseline', slot: 0, inputIndex: 0 }, docstringConversation());
  writer.close();
});
afterEach(() => temporary.dispose());

const ids = (search: Record<string, string> = {}) =>
  listConversationPage(context, experimentId, readConversationListRequest(search)).page.conversations.map(
    (item) => item.id,
  );

async function textOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe('review', () => {
  it('adds, removes and notes in one request, and refuses a label too long', () => {
    const [first] = ids();
    expect(changeReview(context, first, { add: ['reviewed', 'bad input'], note: 'odd request' })).toEqual({
      labels: ['reviewed', 'bad input'],
      note: 'odd request',
    });
    expect(changeReview(context, first, { remove: ['reviewed'] })).toEqual({
      labels: ['bad input'],
      note: 'odd request',
    });
    expect(readReview(context, first)).toEqual({ labels: ['bad input'], note: 'odd request' });
    expect(ReviewRequest.safeParse({ add: ['x'.repeat(61)] }).success).toBe(false);
    expect(ReviewRequest.safeParse({ colour: 'red' }).success).toBe(false);
  });

  it('finds previous and next within the filter, across variants, and none past the ends', () => {
    const all = ids();
    const texts = ids({ outcome: 'no_tool_call' });
    expect(texts.length).toBe(2);
    const at = (id: string) =>
      listConversationPage(context, experimentId, readConversationListRequest({})).page.conversations.find(
        (item) => item.id === id,
      )!;
    expect(conversationNeighbours(context, at(texts[0]), { outcome: 'no_tool_call' })).toEqual({
      previous: null,
      next: texts[1],
    });
    expect(conversationNeighbours(context, at(texts[1]), { outcome: 'no_tool_call' })).toEqual({
      previous: texts[0],
      next: null,
    });
    // Unfiltered, the last of baseline leads to the first of directive.
    expect(conversationNeighbours(context, at(all[3]), {})).toEqual({ previous: all[2], next: all[4] });
    // A conversation outside the filter still finds its neighbours in it.
    expect(conversationNeighbours(context, at(all[2]), { outcome: 'no_tool_call' })).toEqual({
      previous: texts[0],
      next: texts[1],
    });
    expect(conversationNeighbours(context, at(all[0]), { variant: 'nobody' })).toEqual({ previous: null, next: null });
  });

  it('filters the list, the API list and the exports by label', async () => {
    const all = ids();
    changeReview(context, all[1], { add: ['bad input'], note: 'two tasks, one line' });
    changeReview(context, all[4], { add: ['bad input', 'reviewed'] });
    expect(ids({ label: 'bad input' })).toEqual([all[1], all[4]]);
    expect(ids({ label: 'bad input', variant: 'directive' })).toEqual([all[4]]);
    const api = listExperimentConversations(context, experimentId, ConversationQuery.parse({ label: 'reviewed' }));
    expect(api.total).toBe(1);
    expect(api.conversations.map((item) => item.id)).toEqual([all[4]]);

    const csv = (
      await textOf(exportExperiment(context, experimentId, 'csv', { filters: { label: 'bad input' } }).stream)
    )
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv).toHaveLength(3);
    expect(csv[1]).toContain(all[1]);
    expect(csv[1].endsWith('bad input,"two tasks, one line"')).toBe(true);
    expect(csv[2].endsWith('bad input; reviewed,')).toBe(true);
    const jsonl = (
      await textOf(exportExperiment(context, experimentId, 'jsonl', { filters: { label: 'reviewed' } }).stream)
    )
      .trim()
      .split('\n');
    expect(jsonl.map((line) => (JSON.parse(line) as { conversation: { id: string } }).conversation.id)).toEqual([
      all[4],
    ]);
    const none = await textOf(exportExperiment(context, experimentId, 'csv', { filters: { label: 'nobody' } }).stream);
    expect(none.trim().split('\r\n')).toHaveLength(1);
  });

  it('searches every experiment or one, with the total, and nothing until asked', () => {
    expect(searchTranscripts(context, readSearchPage({}).query)).toMatchObject({ searched: false, conversations: [] });
    const everywhere = searchTranscripts(context, readSearchPage({ outcome: 'submitted' }).query);
    expect(everywhere.total).toEqual({ count: 4, exact: true, experiments: 2 });
    const one = searchTranscripts(context, readSearchPage({ outcome: 'submitted', experiment: otherId }).query);
    expect(one.total.count).toBe(1);
    expect(readSearchPage({ outcome: 'sideways', q: ' ' }).ignored).toEqual(['outcome']);
  });
});
