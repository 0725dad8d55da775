// The request of one model call, from the conversation so far and the run's settings, and the
// record that will hold what came of it.
import type { ChatMessage, ChatRequest, ToolChoice, ToolSpec } from '../protocol/messages';
import { selectMessagePositions } from './history';
import { knowledgeContext } from './prompt';
import type { ModelCallRecord, RunnerSettings } from './types';

export function buildModelRequest({
  turn,
  messages,
  settings,
  knowledge,
  toolChoice,
  toolSpecs,
}: {
  turn: number;
  messages: ChatMessage[];
  settings: RunnerSettings;
  knowledge: Record<string, unknown>;
  toolChoice: ToolChoice;
  toolSpecs: ToolSpec[];
}): { request: ChatRequest; record: ModelCallRecord } {
  const positions = selectMessagePositions(messages, settings);
  const sent = positions.map((position) => messages[position]);
  const suffix = settings.includeKnowledge ? knowledgeContext(knowledge) : null;
  if (suffix && sent[0]?.role === 'system') sent[0] = { role: 'system', content: sent[0].content + suffix };

  const toolsSent = settings.toolPresentation === 'native';
  const params: ModelCallRecord['requestParams'] = {
    model: settings.model,
    temperature: settings.temperature,
    toolsSent,
  };
  if (toolsSent) params.tool_choice = toolChoice;
  if (settings.maxTokens !== undefined) params.max_tokens = settings.maxTokens;
  if (settings.topP !== undefined) params.top_p = settings.topP;
  if (settings.topK !== undefined) params.top_k = settings.topK;
  if (settings.logprobs) {
    params.logprobs = true;
    if (settings.topLogprobs !== undefined) params.top_logprobs = settings.topLogprobs;
  }
  if (settings.stream) {
    params.stream = true;
    params.stream_options = { include_usage: true };
  }
  if (suffix) params.systemSuffix = suffix;

  const { toolsSent: _sent, systemSuffix: _suffix, ...wire } = params;
  const request: ChatRequest = { ...wire, messages: sent };
  if (toolsSent) request.tools = toolSpecs;
  const record: ModelCallRecord = {
    turn,
    messagePositions: positions,
    requestParams: params,
    status: 'ok',
    response: null,
    error: null,
    attempts: 0,
    latencyMs: 0,
    retryWaitMs: 0,
    usage: null,
    parsePath: null,
    parsedCalls: [],
    calls: [],
    allValid: false,
    startedAt: Date.now(),
  };
  return { request, record };
}
