// Issue 25 item 6: an experiment whose variants did not run alike says so above its comparisons. A
// scripted peer fails every request of one variant (told apart by its system prompt) with HTTP 500,
// so that variant's conversations end as server failures and the other's do not.
import { expect, test } from './fixtures';
import { screenshot } from './helpers';
import { startScriptedPeer, type ScriptedPeer } from '../lib/testing/scripted-peer';

let peer: ScriptedPeer;

test.beforeAll(async () => {
  peer = await startScriptedPeer((text, results, system) => {
    if (system.includes('FLAKY') && text.includes('fail me')) return { fail: 500 };
    return results === 0
      ? { calls: [{ name: 'simple_tool', arguments: { payload: text.replace(/^Request:\n/, '') } }] }
      : { calls: [{ name: 'submit_result', arguments: { summary: 'done' } }] };
  });
});
test.afterAll(async () => {
  await peer.close();
});

test('the experiment page warns when the variants had different server failures', async ({ page, api }) => {
  const { id, summary } = await api.runExperiment({
    agent: 'harness',
    variants: [
      { name: 'steady', systemPrompt: 'You echo, then submit. Always respond with a tool call.' },
      { name: 'flaky', systemPrompt: 'FLAKY. You echo, then submit. Always respond with a tool call.' },
    ],
    endpoint: { baseUrl: peer.baseUrl, model: 'peer' },
    requestsPerVariant: 4,
    inputs: [{ node_text: 'fail me' }, { node_text: 'ping' }],
  });
  expect(summary.balance?.warnings).toEqual([
    expect.stringContaining('Server failures differ (steady 0 of 4, flaky 2 of 4)'),
  ]);
  await page.goto(`/experiments/${id}`);
  const warning = page.getByTestId('balance-warning');
  await expect(warning).toContainText('The variants did not run alike.');
  await expect(warning).toContainText('Server failures differ (steady 0 of 4, flaky 2 of 4)');
  await warning.scrollIntoViewIfNeeded();
  await screenshot(page, 'balance-warning');
});
