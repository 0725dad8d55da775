// Issue 28 item 9: knowledge is not repeated in full after each tool result. smart_home's tools
// report the whole home as knowledge at every call; beside a result the playground and the pair view
// show what that result changed, and the whole state once, folded.
import { screenshot } from './helpers';
import { expect, scripted, test } from './fixtures';

// Lights and the thermostat: neither touches a door, so a door beside a result is the whole home again.
const SCRIPT = scripted('toggle_lights', 'set_thermostat', { shape: 'text' });

test('the playground shows each result knowledge change, and the whole knowledge once', async ({
  page,
  request,
  simulator,
}, testInfo) => {
  const { endpoint } = await simulator(SCRIPT);
  const name = `home-script-${testInfo.repeatEachIndex}-${Date.now()}`;
  const added = await request.post('/api/endpoints', { data: { name, ...endpoint } });
  expect(added.status(), await added.text()).toBe(201);
  await page.goto('/agents/smart_home');
  const playground = page.getByTestId('playground');
  await playground.getByTestId('pg-endpoint').selectOption(name);
  await playground.getByTestId('pg-run').click();
  await expect(playground.getByTestId('pg-end')).toBeVisible({ timeout: 0 });
  const results = playground.getByTestId('pg-tool-result');
  await expect(results).toHaveCount(2);
  for (const result of await results.all()) {
    await expect(result.getByTestId('knowledge-delta')).toBeVisible();
    await expect(result).not.toContainText('garage');
  }
  await expect(playground.getByTestId('pg-knowledge')).toHaveCount(1);
  await playground.getByTestId('pg-knowledge').locator('summary').click();
  await expect(playground.getByTestId('pg-knowledge')).toContainText('garage');
  await screenshot(page, 'playground-knowledge');
});

test('the pair view shows each result knowledge change, and the whole knowledge once per side', async ({
  page,
  api,
  simulator,
}) => {
  const { endpoint } = await simulator(SCRIPT);
  const { id } = await api.runExperiment({
    agent: 'smart_home',
    variants: [{ name: 'a' }, { name: 'b', settings: { temperature: 0.5 } }],
    endpoint,
    requestsPerVariant: 1,
    inputs: [{ node_text: 'Turn on the kitchen lights and make it warmer' }],
  });
  const [a, b] = (await api.conversations(id)).conversations;
  await page.goto(`/compare/pair?a=${a.id}&b=${b.id}`);
  for (const side of ['pair-a', 'pair-b']) {
    const column = page.getByTestId(side);
    await expect(column.getByTestId('tool-execution')).toHaveCount(2);
    for (const execution of await column.getByTestId('tool-execution').all()) {
      await expect(execution.getByTestId('knowledge-delta')).toBeVisible();
      await expect(execution).not.toContainText('garage');
    }
    await expect(column.getByTestId('pair-knowledge')).toHaveCount(1);
    await column.getByTestId('pair-knowledge').locator('summary').click();
    await expect(column.getByTestId('pair-knowledge')).toContainText('garage');
  }
  await screenshot(page, 'pair-knowledge');
});
