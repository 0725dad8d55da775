// Issue 28 item 1: the playground runs the prompt being worked on. It starts from the editor's
// current text (not the agent's own prompt), can load any saved variant or version, saves what it
// ran as a variant, and opens a stored conversation at turn N with its request as it was.
import { expect, scripted, test } from './fixtures';
import { screenshot } from './helpers';

const MARK = () => `Edited in the editor ${Date.now()}: always call a tool.`;

test('the playground runs the editor’s current text, and any saved version', async ({ page }) => {
  await page.goto('/agents/harness');
  const playground = page.getByTestId('playground');
  const edited = MARK();
  await page.getByTestId('system-prompt').fill(edited);
  // Unsaved: the playground follows the editor without copying.
  await expect(playground.getByTestId('pg-source-0')).toHaveValue('editor');
  await expect(playground.getByTestId('pg-prompt-0')).toHaveValue(edited);
  await playground.getByTestId('pg-run').click();
  await expect(playground.getByTestId('pg-end')).toBeVisible();
  await playground.getByTestId('pg-native-prompt').first().locator('summary').click();
  await expect(playground.getByTestId('pg-native-prompt').first().locator('pre')).toContainText(edited);

  // Save it as a variant from the playground: a version the editor lists, and the picker offers.
  const name = `pg-saved-${Date.now()}`;
  await playground.getByTestId('pg-variant-name').fill(name);
  await playground.getByTestId('pg-save-as-variant').click();
  await expect(playground.getByTestId('pg-variant-saved')).toHaveText(`Saved as ${name} v1.`);
  await expect(page.getByTestId('variant-select').locator(`option[value="${name}"]`)).toHaveCount(1);

  // Another text in the editor; the saved version is still one pick away.
  await page.getByTestId('system-prompt').fill('Something else entirely.');
  await expect(playground.getByTestId('pg-prompt-0')).toHaveValue('Something else entirely.');
  const option = playground.getByTestId('pg-source-0').locator('option', { hasText: `${name} v1` });
  await playground.getByTestId('pg-source-0').selectOption((await option.getAttribute('value')) as string);
  await expect(playground.getByTestId('pg-prompt-0')).toHaveValue(edited);
  // Typing here makes it this side's own text, leaving the editor alone.
  await playground.getByTestId('pg-prompt-0').fill(`${edited} And submit.`);
  await expect(playground.getByTestId('pg-source-0')).toHaveValue('custom');
  await expect(page.getByTestId('system-prompt')).toHaveValue('Something else entirely.');
  await screenshot(page, 'playground-prompt-source');
});

test('a stored conversation opens in the playground at turn N with its request as it was', async ({
  page,
  api,
  simulator,
}) => {
  // Every conversation: a tool call, then submit_result: two turns.
  const { endpoint } = await simulator(scripted('simple_tool', 'submit_result'));
  const prompt = `Replayed prompt ${Date.now()}`;
  const { id } = await api.runExperiment({
    agent: 'harness',
    variants: [{ name: 'solo', systemPrompt: prompt }],
    endpoint,
    requestsPerVariant: 1,
  });
  const [conversation] = (await api.conversations(id)).conversations;
  const transcript = await api.transcript(conversation.id);
  const turnTwo = transcript.modelCalls.find((call) => call.turn === 2);
  expect(turnTwo).toBeDefined();

  // From the transcript's replay card.
  await page.goto(`/conversations/${conversation.id}`);
  await page.getByTestId('replay-turn').selectOption('2');
  await page.getByTestId('replay-in-playground').click();
  await expect(page).toHaveURL(new RegExp(`replay=${conversation.id}&turn=2`));
  const playground = page.getByTestId('playground');
  await expect(playground.getByTestId('pg-input')).toHaveValue('replay');
  await expect(playground.getByTestId('pg-source-0')).toHaveValue('replay');
  await expect(playground.getByTestId('pg-prompt-0')).toHaveValue(prompt);
  await playground.getByTestId('pg-run').click();
  await expect(playground.getByTestId('pg-end')).toBeVisible();
  // The first request here is turn 2's as it was: as many messages, the original's tool result in it.
  await expect(playground.getByTestId('pg-native-prompt').first()).toContainText(
    `(${turnTwo!.request.messages.length} messages)`,
  );
  await playground.getByTestId('pg-native-prompt').first().locator('summary').click();
  const native = playground.getByTestId('pg-native-prompt').first().locator('pre');
  await expect(native).toContainText(prompt);
  await expect(native).toContainText('<start_function_response>');
  await screenshot(page, 'playground-replay');
});
