// The files a panel experiment's dataset cases may name: the agent's folder, plus folders the
// request names. Never the project's data/ folder, the database file, dot files or node_modules,
// whatever folder is chosen (a dataset is untrusted: its case could send .env to the model).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasetCase } from '../../datasets/case';
import { importDataset } from '../../db/queries/datasets';
import { InputError } from '../../errors';
import { createExperimentFromRequest } from './create';
import { CreateExperimentRequest } from './requests';
import { openTestPanel, type TestPanel } from '../testing/panel-context';

let panel: TestPanel;
beforeAll(async () => {
  panel = await openTestPanel();
  const files = [
    '.env',
    'data/remora.db',
    'node_modules/zod/package.json',
    'agents/harness/.secret',
    'README.md',
    panel.database.$client.name,
  ];
  importDataset(panel.database, {
    name: 'hostile files',
    sourceFormat: 'remora',
    cases: files.map((file, index) =>
      DatasetCase.parse({
        id: `case-${index}`,
        input: { variables: { node_text: 'x', file_path: file } },
        expect: null,
      }),
    ),
  });
});
afterAll(async () => {
  await panel?.dispose();
});

async function refusal(body: Record<string, unknown>): Promise<string[]> {
  const request = CreateExperimentRequest.parse({
    agent: 'harness',
    variants: [{ name: 'a' }],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 1,
    dataset: 'hostile files',
    ...body,
  });
  try {
    await createExperimentFromRequest(panel, request);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).problems;
  }
  throw new Error('expected a refusal');
}

describe('the files a dataset imported in the panel may name', () => {
  it("by default only the agent's folder, and never a dot file in it", async () => {
    const problems = await refusal({});
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'input 1',
      'input 2',
      'input 3',
      'input 4',
      'input 5',
      'input 6',
    ]);
  });

  it('with the whole project chosen: still never .env, data/, node_modules or the database', async () => {
    const problems = await refusal({ inputRoots: ['.'] });
    expect(problems.join('\n')).not.toMatch(/README\.md/);
    expect(problems).toHaveLength(5);
    expect(problems[0]).toMatch(/^input 1: file_path \.env is never given to a model \(a dot file\)/);
    expect(problems[1]).toMatch(/^input 2: file_path data\/remora\.db is never given to a model \(the panel's data/);
    expect(problems[2]).toMatch(/node_modules/);
    expect(problems[3]).toMatch(/\.secret is never given to a model \(a dot file\)/);
    expect(problems[4]).toMatch(/^input 6: /);
  });
});
