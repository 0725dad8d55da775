// Conversations from the panel: one whole transcript (GET /api/conversations/:id), what its page
// shows beside it (the dataset case's expected call, the workspace diff), one model call's request
// and raw response on demand, and an experiment's conversations filtered and paged.
import { getConversationCase, type ConversationCase } from '../../db/queries/accuracy';
import { searchConversations, type ConversationSearchPage } from '../../db/queries/conversation-search';
import { getTranscript, type Transcript, type TranscriptModelCall } from '../../db/queries/transcript';
import { NotFoundError } from '../../errors';
import { keptMessage } from '../../runner/response';
import type { ChatRequest } from '../../protocol/messages';
import type { PanelContext } from '../context';
import { parseUnifiedDiff, type DiffLine } from './diff';
import { expectedVersusActual, type ExpectedActualView } from './expected';
import type { ConversationListFilters, ConversationListRequest } from './query';
import type { ConversationFilters } from '../../db/queries/search-types';
import { responseForDisplay, type ResponseDisplay } from './response';
import { buildTimeline, type Timeline } from './timeline';
import { getExperimentHeader, type ExperimentHeader } from '../experiments/experiments';

export function getConversationTranscript(context: PanelContext, conversationId: string): Transcript {
  const transcript = getTranscript(context.database, conversationId);
  if (!transcript) throw new NotFoundError(`no conversation with id ${conversationId}`);
  return transcript;
}

/** A model call as the page lists it: everything but the request and the raw body, which load when opened. */
export type ModelCallSummary = Omit<TranscriptModelCall, 'request' | 'response'> & {
  /** Messages the request carried. */
  sentMessages: number;
  /** What the model wrote (the response's content), so that an answer nothing was parsed from is still read. */
  rawContent: string | null;
};

export type ConversationDetails = {
  conversation: Transcript['conversation'];
  experiment: Transcript['experiment'];
  timeline: Timeline<ModelCallSummary>;
  modelCallCount: number;
  /** The dataset case it ran, for a dataset experiment. */
  datasetCase: ConversationCase | null;
  expected: ExpectedActualView | null;
  diff: DiffLine[] | null;
};

function contentOf(response: unknown): string | null {
  const message = keptMessage(response) as { content?: unknown } | null;
  return typeof message?.content === 'string' ? message.content : null;
}

function summarize(call: TranscriptModelCall): ModelCallSummary {
  const { request, response, ...rest } = call;
  return { ...rest, sentMessages: request.messages.length, rawContent: contentOf(response) };
}

/** What a transcript page shows, read in one go. */
export function getConversationDetails(context: PanelContext, conversationId: string): ConversationDetails {
  const transcript = getConversationTranscript(context, conversationId);
  const datasetCase = getConversationCase(context.database, conversationId);
  const calls = transcript.modelCalls.map(summarize);
  return {
    conversation: transcript.conversation,
    experiment: transcript.experiment,
    timeline: buildTimeline(transcript.messages, calls),
    modelCallCount: calls.length,
    datasetCase,
    expected: datasetCase ? expectedVersusActual(datasetCase.expectation, datasetCase.verdict) : null,
    diff: transcript.conversation.workspaceDiff ? parseUnifiedDiff(transcript.conversation.workspaceDiff) : null,
  };
}

export type ModelCallDetails = {
  id: number;
  turn: number;
  /** The request exactly as it was sent (rebuilt from the stored messages). */
  request: ChatRequest;
  requestProblem: string | null;
  response: ResponseDisplay;
};

/** One model call's request and raw response, loaded when a reader opens them. */
export function getModelCallDetails(context: PanelContext, conversationId: string, callId: number): ModelCallDetails {
  const transcript = getConversationTranscript(context, conversationId);
  const call = transcript.modelCalls.find((candidate) => candidate.id === callId);
  if (!call) throw new NotFoundError(`conversation ${conversationId} has no model call ${callId}`);
  return {
    id: call.id,
    turn: call.turn,
    request: call.request,
    requestProblem: call.requestProblem,
    response: responseForDisplay(call.response),
  };
}

export type ConversationListView = {
  experiment: ExperimentHeader;
  page: ConversationSearchPage;
  /** The variant asked for is not one of the experiment's. */
  unknownVariant: string | null;
};

export const CONVERSATION_PAGE_SIZE = 50;

/** The list's filters as the search takes them (the variant by its index). */
export function searchFilters(filters: ConversationListFilters, variantIndex: number | undefined): ConversationFilters {
  return {
    variantIndex,
    outcome: filters.outcome,
    parsePath: filters.parsePath,
    errorKind: filters.error,
    text: filters.q,
    tool: filters.tool,
    argument: filters.argument,
    verdict: filters.verdict,
    label: filters.label,
  };
}

export type Neighbours = { previous: string | null; next: string | null };

/**
 * The conversations before and after this one in its experiment's list under these filters (what
 * j/k and the previous/next buttons go to). The conversation itself need not match them.
 */
export function conversationNeighbours(
  context: PanelContext,
  conversation: { experimentId: string; variantIndex: number; slot: number },
  filters: ConversationListFilters,
): Neighbours {
  let variantIndex: number | undefined;
  if (filters.variant !== undefined) {
    variantIndex = getExperimentHeader(context, conversation.experimentId).variantNames.indexOf(filters.variant);
    if (variantIndex < 0) return { previous: null, next: null };
  }
  const search = searchFilters(filters, variantIndex);
  const at = { variantIndex: conversation.variantIndex, slot: conversation.slot };
  const one = (position: { after?: typeof at; before?: typeof at }) =>
    searchConversations(context.database, conversation.experimentId, { ...search, ...position, limit: 1 })
      .conversations[0]?.id ?? null;
  return { previous: one({ before: at }), next: one({ after: at }) };
}

/** One page of an experiment's conversations, filtered as the list page asks. */
export function listConversationPage(
  context: PanelContext,
  experimentId: string,
  request: ConversationListRequest,
  pageSize = CONVERSATION_PAGE_SIZE,
): ConversationListView {
  const experiment = getExperimentHeader(context, experimentId);
  const { filters } = request;
  let variantIndex: number | undefined;
  if (filters.variant !== undefined) {
    variantIndex = experiment.variantNames.indexOf(filters.variant);
    if (variantIndex < 0) {
      return {
        experiment,
        page: { conversations: [], next: null, previous: null, total: { count: 0, exact: true }, textIgnored: false },
        unknownVariant: filters.variant,
      };
    }
  }
  const page = searchConversations(context.database, experimentId, {
    ...searchFilters(filters, variantIndex),
    after: request.after,
    before: request.before,
    limit: pageSize,
  });
  return { experiment, page, unknownVariant: null };
}
