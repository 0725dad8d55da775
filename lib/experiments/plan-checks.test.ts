import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../db/client';
import { createConversationWriter } from '../db/conversation-writer';
import { createExperiment, setExperimentStatus } from '../db/queries/experiments';
import { docstringConversation, experimentConfig } from '../db/testing/fixtures';
import { textConversation } from '../db/testing/failing-fixtures';
import { verifyCounters } from '../db/counters/verify';
import { planSampleSize } from '../metrics/power';
import { planFromHistory, planWarnings } from './plan-checks';

let database: RemoraDatabase;
beforeEach(() => {
  database = openDatabase(':memory:');
});
afterEach(() => closeDatabase(database));

describe('planWarnings', () => {
  it('warns about identical variants (A/A) and about the simulator', () => {
    expect(
      planWarnings(
        [
          { name: 'a', systemPrompt: 'x' },
          { name: 'b', systemPrompt: 'y' },
        ],
        { simulated: false },
      ),
    ).toEqual([]);
    const warnings = planWarnings(
      [
        { name: 'a', systemPrompt: 'x' },
        { name: 'b', systemPrompt: 'x' },
      ],
      { simulated: true },
    );
    expect(warnings[0]).toBe('"b" is identical to "a": this is an A/A test, and any difference it shows is chance.');
    expect(warnings[1]).toBe(
      'The endpoint is the simulator, which does not read the wording of a prompt: ' +
        'a prompt A/B test on it is an A/A test, and any difference it shows is chance.',
    );
    // Different prompts, the same settings: still A/A on the simulator.
    expect(
      planWarnings(
        [
          { name: 'a', systemPrompt: 'x' },
          { name: 'b', systemPrompt: 'y' },
        ],
        { simulated: true },
      ),
    ).toEqual([warnings[1]]);
    // Settings that differ are simulated: not A/A, but the wording still counts for nothing.
    expect(
      planWarnings(
        [
          { name: 'a', systemPrompt: 'x' },
          { name: 'b', systemPrompt: 'y', settings: { toolChoice: 'required' } },
        ],
        { simulated: true },
      ),
    ).toEqual([
      'The endpoint is the simulator, which does not read the wording of a prompt: ' +
        'only the settings that differ between the variants can make a real difference there.',
    ]);
    // Same prompt, other settings: a real comparison.
    expect(
      planWarnings(
        [
          { name: 'a', systemPrompt: 'x' },
          { name: 'b', systemPrompt: 'x', settings: { temperature: 0.7 } },
        ],
        {},
      ),
    ).toEqual([]);
  });
});

/** A completed docstring experiment: each input's outcome per variant (true: completed). */
function completedExperiment(variants: string[], outcomes: boolean[][], tags: string[] = []): string {
  const { id } = createExperiment(database, {
    agentName: 'docstring',
    tags,
    config: experimentConfig(variants),
    simulated: true,
    totalConversations: variants.length * outcomes.length,
  });
  const writer = createConversationWriter(database);
  outcomes.forEach((row, input) =>
    row.forEach((completed, variantIndex) =>
      writer.write(
        id,
        { variantIndex, variantName: variants[variantIndex], slot: input, inputIndex: input },
        completed ? docstringConversation() : textConversation(),
      ),
    ),
  );
  writer.close();
  setExperimentStatus(database, id, 'completed');
  return id;
}

describe('planFromHistory', () => {
  it('takes the baseline and the discordance from the latest completed experiment of the agent', () => {
    // Four inputs: both complete input 0 and 1, only b completes input 2, neither input 3.
    const id = completedExperiment(
      ['a', 'b'],
      [
        [true, true],
        [true, true],
        [false, true],
        [false, false],
      ],
    );
    const plan = planFromHistory(database, 'docstring', 'completionRate', 0.1);
    expect(plan.fromExperiment).toBe(id);
    expect(plan.baseline).toBe(0.5);
    expect(plan.discordance).toBe(0.25);
    expect(plan.pairedInputs).toBe(planSampleSize({ baseline: 0.5, difference: 0.1, discordance: 0.25 }).pairedInputs);
  });

  it('passes over a later experiment of one variant, and reads the counters the rows agree with', () => {
    const ab = completedExperiment(
      ['a', 'b'],
      [
        [true, false],
        [true, true],
      ],
    );
    completedExperiment(['only'], [[true], [false], [true]]);
    const plan = planFromHistory(database, 'docstring', 'completionRate', 0.1);
    // a completes both inputs: a baseline of 1, held inside (0, 1) for the power formula.
    expect(plan).toMatchObject({ fromExperiment: ab, baseline: 0.99, discordance: 0.5 });
    // The counters are what the rows say (the form reads the counters: the rows of a large run are slow).
    expect(verifyCounters(database, ab)).toMatchObject({ countersKept: true, differences: [] });
  });

  it('passes over a playground run saved as an experiment: one input, tried by hand', () => {
    const ab = completedExperiment(
      ['a', 'b'],
      [
        [true, false],
        [true, true],
      ],
    );
    completedExperiment(['A', 'B'], [[true, false]], ['playground']);
    expect(planFromHistory(database, 'docstring', 'completionRate', 0.1).fromExperiment).toBe(ab);
  });

  it('assumes the given baseline and independent variants without history', () => {
    const plan = planFromHistory(database, 'nobody', 'toolCallRate', 0.05, 0.8);
    expect(plan).toMatchObject({ fromExperiment: null, baseline: 0.8, unpairedInputs: 906 });
  });
});
