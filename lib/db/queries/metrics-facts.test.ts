import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MetricsInput } from '../../metrics/types';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../client';
import { createConversationWriter } from '../conversation-writer';
import { docstringConversation, experimentConfig, overwriteConfig } from '../testing/fixtures';
import { failingConversation, textConversation } from '../testing/failing-fixtures';
import { createExperiment } from './experiments';
import { getMetricsInput } from './metrics-facts';

let database: RemoraDatabase;
beforeEach(() => {
  database = openDatabase(':memory:');
});
afterEach(() => closeDatabase(database));

const sorted = <T>(items: T[]) =>
  [...items].sort((first, second) => JSON.stringify(first).localeCompare(JSON.stringify(second)));

describe('getMetricsInput', () => {
  it('aggregates conversations, model calls and errors per variant', () => {
    const { id } = createExperiment(database, {
      agentName: 'docstring',
      config: experimentConfig(['baseline', 'directive', 'unused']),
      simulated: true,
      totalConversations: 4,
    });
    const writer = createConversationWriter(database);
    const passed = { check: 'docstring', success: true, reason: 'the docstring is in google style' };
    const failed = { check: 'docstring', success: false, reason: 'a text answer is never a success' };
    writer.write(
      id,
      { variantIndex: 0, variantName: 'baseline', slot: 0, inputIndex: 0, taskCheck: passed },
      docstringConversation(),
    );
    writer.write(id, { variantIndex: 0, variantName: 'baseline', slot: 1, inputIndex: 0 }, docstringConversation());
    writer.write(
      id,
      { variantIndex: 0, variantName: 'baseline', slot: 2, inputIndex: 0, taskCheck: failed },
      textConversation(),
    );
    writer.write(id, { variantIndex: 1, variantName: 'directive', slot: 0, inputIndex: 0 }, failingConversation());
    writer.close();

    const facts = getMetricsInput(database, id) as MetricsInput;
    expect(facts.variants).toEqual(['baseline', 'directive', 'unused']);
    expect(sorted(facts.conversations ?? [])).toEqual(
      sorted([
        { variant: 'baseline', outcome: 'submitted', modelResponses: 3, taskSuccess: true },
        { variant: 'baseline', outcome: 'submitted', modelResponses: 3, taskSuccess: null },
        { variant: 'baseline', outcome: 'no_tool_call', modelResponses: 1, taskSuccess: false },
        { variant: 'directive', outcome: 'error', modelResponses: 1, taskSuccess: null },
      ]),
    );
    const docstringCalls = [
      {
        variant: 'baseline',
        ok: true,
        parsePath: 'tool_calls',
        callCount: 1,
        allValid: true,
        latencyMs: 13.5,
        promptTokens: 101,
        completionTokens: 11,
      },
      {
        variant: 'baseline',
        ok: true,
        parsePath: 'json_name_arguments',
        callCount: 1,
        allValid: true,
        latencyMs: 14.5,
        promptTokens: 102,
        completionTokens: 12,
      },
      {
        variant: 'baseline',
        ok: true,
        parsePath: 'functiongemma_tags',
        callCount: 1,
        allValid: true,
        latencyMs: 15.5,
        promptTokens: 103,
        completionTokens: 13,
      },
    ];
    expect(sorted(facts.modelCalls ?? [])).toEqual(
      sorted([
        ...docstringCalls,
        ...docstringCalls,
        {
          variant: 'baseline',
          ok: true,
          parsePath: 'text',
          callCount: 0,
          allValid: false,
          latencyMs: 13.5,
          promptTokens: null,
          completionTokens: null,
        },
        {
          variant: 'directive',
          ok: true,
          parsePath: 'tool_calls',
          callCount: 2,
          allValid: false,
          latencyMs: 13.5,
          promptTokens: 101,
          completionTokens: 11,
        },
        {
          variant: 'directive',
          ok: false,
          parsePath: null,
          callCount: 0,
          allValid: false,
          latencyMs: 14.5,
          promptTokens: null,
          completionTokens: null,
        },
      ]),
    );
    expect(sorted(facts.errors ?? [])).toEqual(
      sorted([
        { variant: 'directive', kind: 'tool_timeout', count: 1 },
        { variant: 'directive', kind: 'unknown_tool', count: 1 },
        { variant: 'directive', kind: 'model_request_failed', count: 1 },
      ]),
    );
  });

  it('takes variant names from the conversations when the config lists none', () => {
    const { id } = createExperiment(database, {
      agentName: 'docstring',
      config: experimentConfig(),
      simulated: false,
      totalConversations: 2,
    });
    overwriteConfig(database, id, { note: 'old shape' });
    const writer = createConversationWriter(database);
    writer.write(id, { variantIndex: 1, variantName: 'second', slot: 0, inputIndex: 0 }, textConversation());
    writer.write(id, { variantIndex: 0, variantName: 'first', slot: 0, inputIndex: 0 }, textConversation());
    writer.close();
    const facts = getMetricsInput(database, id) as MetricsInput;
    expect(facts.variants).toEqual(['first', 'second']);
    expect((facts.conversations ?? []).map((fact) => fact.variant).sort()).toEqual(['first', 'second']);
    expect(facts.errors).toEqual([]);
  });

  it('returns null for an unknown experiment and empty facts for one without conversations', () => {
    expect(getMetricsInput(database, 'missing')).toBeNull();
    const { id } = createExperiment(database, {
      agentName: 'docstring',
      config: experimentConfig(),
      simulated: true,
      totalConversations: 2,
    });
    expect(getMetricsInput(database, id)).toEqual({
      variants: ['baseline', 'directive'],
      conversations: [],
      modelCalls: [],
      errors: [],
      inputs: [],
      firstRepeats: [],
    });
  });
});
