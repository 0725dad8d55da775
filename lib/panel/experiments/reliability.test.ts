import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../../db/client';
import { createConversationWriter } from '../../db/conversation-writer';
import { createExperiment } from '../../db/queries/experiments';
import { docstringConversation, experimentConfig } from '../../db/testing/fixtures';
import { textConversation } from '../../db/testing/failing-fixtures';
import type { PanelContext } from '../context';
import { experimentReliability, RELIABILITY_ROWS } from './reliability';

let database: RemoraDatabase;
beforeEach(() => {
  database = openDatabase(':memory:');
});
afterEach(() => closeDatabase(database));

describe('experimentReliability', () => {
  it('gives each input its share of successful repeats per variant, disagreements first, flaky ones marked', () => {
    const { id } = createExperiment(database, {
      agentName: 'docstring',
      config: experimentConfig(['a', 'b']),
      simulated: true,
      totalConversations: 8,
    });
    const writer = createConversationWriter(database);
    // Input 0: both always complete. Input 1: a completes one of two repeats (flaky), b never.
    const plan: [number, number, boolean][] = [
      [0, 0, true],
      [0, 2, true],
      [1, 0, true],
      [1, 2, true],
      [0, 1, true],
      [0, 3, false],
      [1, 1, false],
      [1, 3, false],
    ];
    for (const [variantIndex, slot, completes] of plan) {
      writer.write(
        id,
        { variantIndex, variantName: ['a', 'b'][variantIndex], slot, inputIndex: slot % 2 },
        completes ? docstringConversation() : textConversation(),
      );
    }
    writer.close();
    const view = experimentReliability({ database } as unknown as PanelContext, id);
    expect(view?.variants).toEqual(['a', 'b']);
    expect(view?.rows.map((row) => [row.input, row.spread, row.flaky])).toEqual([
      [1, 0.5, true],
      [0, 0, false],
    ]);
    expect(view?.rows[0].variants).toEqual([
      { repeats: 2, successes: 1, share: 0.5 },
      { repeats: 2, successes: 0, share: 0 },
    ]);
    expect(view).toMatchObject({ flaky: 1, repeated: true, inputs: 2 });
    expect(view?.flakyLabels).toEqual([view?.rows[0].label]);
    expect(experimentReliability({ database } as unknown as PanelContext, 'missing')).toBeNull();
  });

  it('lists the rows the page shows and counts the rest, at thousands of inputs', () => {
    const inputs = 2_000;
    const { id } = createExperiment(database, {
      agentName: 'docstring',
      config: experimentConfig(['a', 'b']),
      simulated: true,
      totalConversations: inputs * 2,
    });
    const writer = createConversationWriter(database);
    for (let input = 0; input < inputs; input++) {
      for (const variantIndex of [0, 1]) {
        // b fails every third input that a completes.
        const completes = variantIndex === 0 || input % 3 !== 0;
        const meta = { variantIndex, variantName: ['a', 'b'][variantIndex], slot: input, inputIndex: input };
        writer.write(id, meta, completes ? docstringConversation() : textConversation());
      }
    }
    writer.close();
    const view = experimentReliability({ database } as unknown as PanelContext, id);
    expect(view).toMatchObject({ inputs, flaky: 0, repeated: false, flakyLabels: [] });
    expect(view?.rows).toHaveLength(RELIABILITY_ROWS);
    expect(view?.rows.map((row) => [row.input, row.spread])).toEqual(
      Array.from({ length: RELIABILITY_ROWS }, (_, index) => [index * 3, 1]),
    );
  });
});
