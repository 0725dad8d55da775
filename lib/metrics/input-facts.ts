// Reading InputFacts (types.ts): each rate's successes and trials per input, the turns of
// completed conversations, and the per-conversation facts of older callers turned into inputs.
import type { Cluster } from './clustered';
import type { TurnsCluster } from './compare-turns';
import type { InputFacts, MetricsInput } from './types';

export type RateMetricName =
  | 'toolCallRate'
  | 'validCallRate'
  | 'completionRate'
  | 'completionRateWithoutServerFailures'
  | 'taskSuccessRate'
  | 'customCheckRate'
  | 'judgePassRate'
  | 'callAccuracy'
  | 'nameAccuracy'
  | 'argumentAccuracy'
  | 'irrelevanceAccuracy';

/** Successes and trials of each rate on one input. */
export const RATE_OF: Record<RateMetricName, (fact: InputFacts) => Cluster> = {
  toolCallRate: (fact) => ({ successes: fact.toolCallResponses, trials: fact.modelResponses }),
  validCallRate: (fact) => ({ successes: fact.validCallResponses, trials: fact.modelResponses }),
  completionRate: (fact) => ({ successes: fact.outcomes.submitted ?? 0, trials: fact.conversations }),
  // A conversation the model server ended (outcome error: its last request failed) says nothing about the model.
  completionRateWithoutServerFailures: (fact) => ({
    successes: fact.outcomes.submitted ?? 0,
    trials: fact.conversations - (fact.outcomes.error ?? 0),
  }),
  taskSuccessRate: (fact) => ({ successes: fact.taskSuccesses, trials: fact.taskJudged }),
  customCheckRate: (fact) => ({ successes: fact.customSuccesses, trials: fact.customJudged }),
  judgePassRate: (fact) => ({ successes: fact.judgePasses, trials: fact.judgeJudged }),
  callAccuracy: (fact) => ({ successes: fact.correctCalls, trials: fact.expectedCalls }),
  nameAccuracy: (fact) => ({ successes: fact.correctNames, trials: fact.expectedCalls }),
  argumentAccuracy: (fact) => ({ successes: fact.correctArguments, trials: fact.correctNames }),
  irrelevanceAccuracy: (fact) => ({ successes: fact.correctNoCalls, trials: fact.expectedNoCalls }),
};

export function turnsOf(fact: InputFacts): TurnsCluster {
  let completed = 0;
  let turns = 0;
  for (const [count, conversations] of Object.entries(fact.completedTurns)) {
    completed += conversations;
    turns += Number(count) * conversations;
  }
  return { completed, turns };
}

/**
 * What counts as a success of one repeat for per-input reliability: the task-success check when
 * it judged the input's conversations, else completing (submitted).
 */
export function repeatSuccesses(fact: InputFacts): { repeats: number; successes: number } {
  if (fact.taskJudged > 0) return { repeats: fact.taskJudged, successes: fact.taskSuccesses };
  return { repeats: fact.conversations, successes: fact.outcomes.submitted ?? 0 };
}

function blank(variant: string, input: number): InputFacts {
  return {
    variant,
    input,
    conversations: 0,
    outcomes: {},
    completedTurns: {},
    modelRequests: 0,
    modelResponses: 0,
    toolCallResponses: 0,
    validCallResponses: 0,
    parsePaths: {},
    errors: {},
    retries: 0,
    retryWaitMs: 0,
    taskJudged: 0,
    taskSuccesses: 0,
    customJudged: 0,
    customSuccesses: 0,
    judgeJudged: 0,
    judgePasses: 0,
    expectedCalls: 0,
    correctCalls: 0,
    correctNames: 0,
    correctArguments: 0,
    expectedNoCalls: 0,
    correctNoCalls: 0,
  };
}

export { blank as blankInputFacts };

/**
 * InputFacts for callers that only have per-conversation and per-call facts without their input
 * (tests, older code): each conversation, call, error and verdict becomes an input of its own.
 * Nothing can be paired or clustered then, and `unpaired` says so.
 */
export function legacyInputFacts(input: MetricsInput): InputFacts[] {
  const facts: InputFacts[] = [];
  const add = (variant: string, fill: (fact: InputFacts) => void) => {
    const fact = blank(variant, facts.length);
    fill(fact);
    facts.push(fact);
  };
  for (const conversation of input.conversations ?? []) {
    add(conversation.variant, (fact) => {
      fact.conversations = 1;
      fact.outcomes[conversation.outcome] = 1;
      if (conversation.outcome === 'submitted') fact.completedTurns[conversation.modelResponses] = 1;
      if (conversation.taskSuccess === true || conversation.taskSuccess === false) {
        fact.taskJudged = 1;
        fact.taskSuccesses = conversation.taskSuccess ? 1 : 0;
      }
      if (typeof conversation.customCheckSuccess === 'boolean') {
        fact.customJudged = 1;
        fact.customSuccesses = conversation.customCheckSuccess ? 1 : 0;
      }
    });
  }
  for (const call of input.modelCalls ?? []) {
    add(call.variant, (fact) => {
      fact.modelRequests = 1;
      if (!call.ok) return;
      fact.modelResponses = 1;
      fact.toolCallResponses = call.callCount > 0 ? 1 : 0;
      fact.validCallResponses = call.allValid ? 1 : 0;
      if (call.parsePath) fact.parsePaths[call.parsePath] = 1;
    });
  }
  for (const error of input.errors ?? []) {
    if (error.count > 0) add(error.variant, (fact) => (fact.errors[error.kind] = error.count));
  }
  for (const verdict of input.accuracy?.facts ?? []) {
    if (!verdict.scored) continue;
    for (let copy = 0; copy < verdict.count; copy++) {
      add(verdict.variant, (fact) => {
        if (verdict.kind === 'call') {
          fact.expectedCalls = 1;
          fact.correctCalls = verdict.correct ? 1 : 0;
          fact.correctNames = verdict.nameCorrect === true ? 1 : 0;
          fact.correctArguments = verdict.nameCorrect === true && verdict.argumentsCorrect === true ? 1 : 0;
        } else {
          fact.expectedNoCalls = 1;
          fact.correctNoCalls = verdict.correct ? 1 : 0;
        }
      });
    }
  }
  return facts;
}
