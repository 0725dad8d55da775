// Every page of the panel, with something on it: an experiment of two variants (its conversations,
// grid, compare and pair views), a dataset, and a finished campaign with changes to review. Shared
// by the specs that walk them all (accessibility, small screens).
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { docstringPolicy, startPolicyServer } from '../lib/campaigns/testing/agent-policies';
import { createExperiment, waitForEnd } from './helpers';

export type PageToVisit = { name: string; path: string };

async function campaignId(request: APIRequestContext): Promise<{ id: string; close: () => Promise<void> }> {
  const repo = path.join(mkdtempSync(path.join(tmpdir(), 'remora-every-page-')), 'repo');
  execFileSync('git', ['init', '-q', repo]);
  // A long line, as real code has: the diffs around it must scroll in their own box on a phone.
  const long = `    return x + 1  # ${'the side-by-side diff has to hold this comment '.repeat(3)}`;
  writeFileSync(path.join(repo, 'steps.py'), `def alpha(x):\n${long}\n\n\ndef beta(x):\n    return x\n`);
  execFileSync('git', ['-C', repo, 'add', '-A']);
  execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@localhost', 'commit', '-qm', 'start']);
  const model = await startPolicyServer(docstringPolicy);
  const started = await request.post('/api/campaigns', {
    data: { agent: 'docstring', repo, baseUrl: model.baseUrl, model: 'functiongemma' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { id } = (await started.json()) as { id: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/campaigns/${id}`)).json()) as { status: string }).status, {
      timeout: 120_000,
    })
    .toBe('completed');
  return { id, close: () => model.close() };
}

/** Makes what the pages show, then lists them; `close` ends the campaign's model server. */
export async function everyPage(
  request: APIRequestContext,
): Promise<{ pages: PageToVisit[]; close: () => Promise<void> }> {
  const experiment = await createExperiment(request, {
    agent: 'harness',
    variants: [{ name: 'baseline' }, { name: 'directive', systemPrompt: 'Always call a tool, then submit.' }],
    endpoint: { kind: 'simulated' },
    requestsPerVariant: 4,
  });
  await waitForEnd(request, experiment);
  const list = (await (await request.get(`/api/experiments/${experiment}/conversations`)).json()) as {
    conversations: { id: string }[];
  };
  const [first, second] = list.conversations;
  const text = readFileSync(path.join(process.cwd(), 'agents', 'smart_home', 'dataset.jsonl'), 'utf8');
  const dataset = await request.post('/api/datasets', {
    data: { name: `every page ${Date.now()}`, format: 'remora', text },
  });
  expect([200, 201]).toContain(dataset.status());
  const {
    dataset: { id: datasetId },
  } = (await dataset.json()) as { dataset: { id: string } };
  const campaign = await campaignId(request);
  return {
    close: campaign.close,
    pages: [
      { name: 'overview', path: '/' },
      { name: 'start', path: '/start' },
      { name: 'agents', path: '/agents' },
      { name: 'agent', path: '/agents/harness' },
      { name: 'agent-history', path: '/agents/harness/history' },
      { name: 'experiments', path: '/experiments' },
      { name: 'new-experiment', path: '/experiments/new' },
      { name: 'experiment', path: `/experiments/${experiment}` },
      { name: 'conversations', path: `/experiments/${experiment}/conversations` },
      { name: 'grid', path: `/experiments/${experiment}/grid` },
      { name: 'review-queue', path: `/experiments/${experiment}/review` },
      { name: 'transcript', path: `/conversations/${first.id}` },
      { name: 'compare', path: `/compare?a=${experiment}:baseline&b=${experiment}:directive` },
      { name: 'pair', path: `/compare/pair?a=${first.id}&b=${second.id}` },
      { name: 'datasets', path: '/datasets' },
      { name: 'dataset', path: `/datasets/${datasetId}` },
      { name: 'endpoints', path: '/endpoints' },
      { name: 'search', path: '/search?q=harness' },
      { name: 'campaigns', path: '/campaigns' },
      { name: 'campaign', path: `/campaigns/${campaign.id}` },
    ],
  };
}
