// Conversations from the panel: one whole transcript (GET /api/conversations/:id), what its page
// shows beside it (the dataset case's expected call, the workspace diff), one model call's request
// and raw response on demand, and an experiment's conversations filtered and paged.
import { getConversationCase, type ConversationCase } from '../../db/queries/accuracy';
import { searchConversations, type ConversationSearchPage } from '../../db/queries/conversation-search';
import { getTranscript, type Transcript, type TranscriptModelCall } from '../../db/queries/transcript';
import { NotFoundError } from '../../errors';
import type { ChatRequest } from '../../protocol/messages';
import type { PanelContext } from '../context';
import { parseUnifiedDiff, type DiffLine } from './diff';
import { expectedVersusActual, type ExpectedActualView } from './expected';
import type { ConversationListRequest } from './query';
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

function summarize(call: TranscriptModelCall): ModelCallSummary {
  const { request, response: _response, ...rest } = call;
  return { ...rest, sentMessages: request.messages.length };
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
  return { id: call.id, turn: call.turn, request: call.request, requestProblem: call.requestProblem, response: responseForDisplay(call.response) };
}

export type ConversationListView = {
  experiment: ExperimentHeader;
  page: ConversationSearchPage;
  /** The variant asked for is not one of the experiment's. */
  unknownVariant: string | null;
};

export const CONVERSATION_PAGE_SIZE = 50;

/** One page of an experiment's conversations, filtered as the list page asks. */
export function listConversationPage(context: PanelContext, experimentId: string, request: ConversationListRequest, pageSize = CONVERSATION_PAGE_SIZE): ConversationListView {
  const experiment = getExperimentHeader(context, experimentId);
  const { filters } = request;
  let variantIndex: number | undefined;
  if (filters.variant !== undefined) {
    variantIndex = experiment.variantNames.indexOf(filters.variant);
    if (variantIndex < 0) {
      return { experiment, page: { conversations: [], next: null, previous: null, total: { count: 0, exact: true }, textIgnored: false }, unknownVariant: filters.variant };
    }
  }
  const page = searchConversations(context.database, experimentId, {
    variantIndex,
    outcome: filters.outcome,
    parsePath: filters.parsePath,
    errorKind: filters.error,
    text: filters.q,
    after: request.after,
    before: request.before,
    limit: pageSize,
  });
  return { experiment, page, unknownVariant: null };
}
