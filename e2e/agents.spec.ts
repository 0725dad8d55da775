// The agent pages in Chromium: prompt editing with versions and diffs, validation as you type, the
// native-format preview, YAML import, and inputs from Python files. The tests work on copies of the
// harness agent imported through the API, so that other specs keep the harness agent as shipped.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { screenshot, screenshotOf } from './helpers';

// Agents cannot be deleted: names of their own each run keep the spec passing when repeated on one database.
const RUN = Date.now().toString(36);
const PROMPTS = `e2e_prompts_${RUN}`;
const VALIDATION = `e2e_validation_${RUN}`;
const INPUTS = `e2e_inputs_${RUN}`;
const IMPORTED = `e2e_imported_${RUN}`;

async function importCopy(request: APIRequestContext, name: string, from = 'harness'): Promise<void> {
  const exported = await request.get(`/api/agents/${from}/export`);
  expect(exported.status()).toBe(200);
  const yaml = (await exported.text()).replace(new RegExp(`^name: ${from}$`, 'm'), `name: ${name}`);
  const response = await request.post('/api/agents', { data: { yaml, toolsFrom: from, allowScripts: true } });
  expect(response.status(), await response.text()).toBe(201);
}

async function openAgent(page: Page, name: string): Promise<void> {
  await page.goto(`/agents/${name}`);
  await expect(page.getByTestId('agent-name')).toHaveText(name);
  // The first check has answered: the editor is live.
  await expect(page.getByTestId('validation-ok')).toBeVisible();
}

test('the agents list links to each agent, with its tools and schemas', async ({ page }) => {
  await page.goto('/agents');
  const row = page.locator('[data-testid="agent-row"][data-agent="harness"]');
  await expect(row).toContainText('simple_tool');
  await expect(row).toContainText('valid');
  await screenshot(page, 'agents-list');
  await page.setViewportSize({ width: 420, height: 900 });
  await screenshot(page, 'agents-list-narrow');
  await page.setViewportSize({ width: 1280, height: 900 });
  await row.getByTestId('agent-link').click();
  await expect(page.getByTestId('agent-name')).toHaveText('harness');
  await expect(page.getByTestId('agent-max-turns')).toHaveText('2');
  const tool = page.locator('[data-testid="tool"][data-tool="simple_tool"]');
  await expect(tool.locator('[data-testid="tool-parameter"][data-parameter="payload"]')).toBeHidden();
  await tool.locator('summary').first().click();
  await expect(tool.locator('[data-testid="tool-parameter"][data-parameter="payload"]')).toContainText('required');
  await tool.getByText('JSON Schema').click();
  await expect(tool.getByTestId('tool-schema')).toContainText('"required": [');
  await screenshotOf(page.getByTestId('tools'), 'agent-tools-detail');
});

test('editing a prompt and saving a variant: version 2 and a diff', async ({ page, request }) => {
  await importCopy(request, PROMPTS);
  await openAgent(page, PROMPTS);
  const prompt = page.getByTestId('system-prompt');
  const original = await prompt.inputValue();
  await prompt.fill(`${original}\nAnswer with exactly one call.`);
  await expect(page.getByTestId('editor-state')).toContainText('unsaved changes');
  await page.getByTestId('save-name').fill('concise');
  await page.getByTestId('save-note').fill('first try');
  await page.getByTestId('save-variant').click();
  await expect(page.getByTestId('save-message')).toHaveText('Saved concise v1.');
  await expect(page.getByTestId('variant-select')).toHaveValue('concise');
  await expect(page.getByTestId('editor-state')).toContainText('saved');

  await prompt.fill(`${original}\nAnswer with exactly one call.\nNever explain.`);
  await page.getByTestId('save-variant').click();
  await expect(page.getByTestId('save-message')).toHaveText('Saved concise v2.');
  const history = page.getByTestId('version-history');
  await expect(history.getByTestId('version-row')).toHaveCount(2);
  await expect(history.getByTestId('version-row').first()).toHaveAttribute('data-version', '2');
  await expect(page.getByTestId('diff-from')).toHaveText('concise v1');
  await expect(page.getByTestId('diff-to')).toHaveText('concise v2');
  const added = page.getByTestId('diff-system-prompt').locator('[data-kind="added"]');
  await expect(added).toHaveCount(1);
  await expect(added).toContainText('Never explain.');
  await expect(page.getByTestId('diff-node-context')).toContainText('no change');
  await expect(page.getByTestId('use-in-experiment')).toHaveAttribute(
    'href',
    `/experiments/new?agent=${PROMPTS}&variant=concise`,
  );
  await screenshot(page, 'agent-prompt-diff');
  await screenshotOf(page.getByTestId('history'), 'agent-history-detail');

  // Against the agent's own prompt, the two added lines.
  await page.getByTestId('diff-from-select').selectOption({ label: 'the agent’s prompt now' });
  await expect(page.getByTestId('diff-system-prompt').locator('[data-kind="added"]')).toHaveCount(2);

  // The agent's own prompt: its first save keeps the imported one as version 1.
  await page.getByTestId('variant-select').selectOption('default');
  await expect(prompt).toHaveValue(original);
  await prompt.fill(`${original}\nBe brief.`);
  await page.getByTestId('save-variant').click();
  await expect(page.getByTestId('save-message')).toContainText('Saved default v2.');
  await expect(page.getByTestId('version-row')).toHaveCount(2);
  await expect(page.getByTestId('diff-system-prompt').locator('[data-kind="added"]')).toHaveText(['+Be brief.']);
  const stored = await (await request.get(`/api/agents/${PROMPTS}`)).json();
  expect(stored.systemPrompt).toBe(`${original}\nBe brief.`);

  // Fork v1 of "concise" into a new variant.
  await page.getByTestId('variant-select').selectOption('concise');
  const first = page.locator('[data-testid="version-row"][data-version="1"]');
  await first.getByTestId('fork-version').click();
  await first.getByTestId('fork-name').fill('concise-b');
  await first.getByTestId('fork-submit').click();
  await expect(page.getByTestId('save-message')).toHaveText('Forked into concise-b v1.');
  await expect(page.getByTestId('variant-select')).toHaveValue('concise-b');
  await expect(prompt).toHaveValue(`${original}\nAnswer with exactly one call.`);
  await expect(page.getByTestId('version-history')).toHaveAttribute('data-variant', 'concise-b');
  await expect(page.getByTestId('version-row')).toHaveCount(1);
  await expect(page.getByTestId('version-row')).toContainText('concise v1');
});

test('validation errors and warnings are shown while typing, and block saving', async ({ page, request }) => {
  await importCopy(request, VALIDATION);
  await openAgent(page, VALIDATION);
  const nodeContext = page.getByTestId('node-context');
  await nodeContext.fill('Code:\n{{ node_txt }}');
  const errors = page.getByTestId('validation-errors');
  await expect(errors).toContainText('unknown template variables {{ node_txt }}');
  await expect(page.getByTestId('save-variant')).toBeDisabled();
  await page.getByTestId('system-prompt').fill('Call the tools.');
  await expect(page.getByTestId('validation-warnings')).toContainText('<task_description>');
  await expect(page.getByTestId('validation-warnings')).toContainText('Always respond with a tool call');
  await screenshot(page, 'agent-validation-error');
  await screenshotOf(page.getByTestId('prompt-editor'), 'agent-editor-detail');
  await nodeContext.fill('Code:\n{{ node_text }}');
  await expect(errors).toBeHidden();
  await expect(page.getByTestId('save-variant')).toBeEnabled();

  // The server refuses it too, with the reason.
  const refused = await request.post(`/api/agents/${VALIDATION}/variants`, {
    data: { name: 'x', systemPrompt: 'x', nodeContext: '{{ nope }}' },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).reasons[0]).toMatch(/\{\{ nope \}\}/);
});

test('the preview shows the native prompt with its control tokens and a token estimate', async ({ page }) => {
  await page.goto('/agents/harness');
  const preview = page.getByTestId('preview-prompt');
  await expect(preview).toContainText('<start_of_turn>developer');
  await expect(preview).toContainText('<start_function_declaration>declaration:simple_tool{');
  await expect(preview.locator('.control-token').first()).toHaveText('<bos>');
  await expect(page.getByTestId('preview-tokens')).toContainText(/≈ [\d,]+ tokens \(estimate\)/);

  // Typed input is shown as text, never as HTML.
  await page.getByTestId('preview-input-select').selectOption('typed');
  await page.getByTestId('preview-typed-text').fill('<script>window.__injected = 1</script><b>bold</b>');
  await expect(preview).toContainText('<script>window.__injected = 1</script><b>bold</b>');
  expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
  await expect(preview.locator('b')).toHaveCount(0);

  // It follows the editor.
  await page.getByTestId('system-prompt').fill('Preview me. Always respond with a tool call.');
  await expect(preview).toContainText('<start_of_turn>developer\nPreview me.');
  // The sections above the preview answer on their own time (the history, and the check of the new
  // text, which lists its warnings): a click while they grow lands where the checkbox was, not on it.
  await expect(page.getByTestId('version-history')).toBeVisible();
  await expect(page.getByTestId('validation-warnings')).toContainText('<task_description>');
  await expect(page.getByTestId('validation')).toHaveAttribute('data-pending', 'false');
  await page.getByTestId('preview-schemas-in-prompt').check();
  await expect(preview).toContainText('You have access to the following tools:');
  await expect(preview).not.toContainText('<start_function_declaration>');
  await screenshot(page, 'agent-preview');
  await screenshotOf(page.getByTestId('preview'), 'agent-preview-detail');
  await page.setViewportSize({ width: 420, height: 900 });
  await screenshot(page, 'agent-page-narrow');
  await page.getByTestId('prompt-editor').scrollIntoViewIfNeeded();
  await screenshot(page, 'agent-page-narrow-editor', { fullPage: false });
});

test("the preview renders another family's format from its chat template", async ({ page }) => {
  await page.goto('/agents/harness');
  const preview = page.getByTestId('preview-prompt');
  await expect(preview).toContainText('<start_of_turn>developer');
  await page.getByTestId('preview-family').selectOption('hermes');
  await expect(preview).toContainText('<|im_start|>system');
  await expect(preview).toContainText('<tools>\n{"type": "function", "function": {"name": "simple_tool"');
  await expect(preview).not.toContainText('<start_of_turn>');
  await expect(preview.locator('.control-token').first()).toHaveText('<|im_start|>');
  await page.getByTestId('preview-family').selectOption('mistral');
  await expect(preview.locator('.control-token').first()).toHaveText('<s>');
  await expect(preview).toContainText('[AVAILABLE_TOOLS]');
});

test('importing bad YAML gives a clear error and stores nothing', async ({ page, request }) => {
  const before = (await (await request.get('/api/agents')).json()).agents.length;
  await page.goto('/agents');
  await page.getByTestId('import-yaml').fill('name: broken\nmax_turns: [2\n');
  await expect(page.getByTestId('import-check-error')).toContainText('YAML:');
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-error')).toContainText(
    'the YAML is not a valid agent definition; nothing was imported',
  );
  await expect(page.getByTestId('import-error')).toContainText('YAML:');

  await page.getByTestId('import-yaml').fill('name: half\nmax_turns: 0\ninitial_context:\n  system_prompt: hi\n');
  await page.getByTestId('import-submit').click();
  const error = page.getByTestId('import-error');
  await expect(error).toContainText('max_turns (line 2, column 12)');
  await expect(error).toContainText('initial_context.node_context');
  await expect(error).toContainText('tools');
  await screenshot(page, 'agents-import-error');
  expect((await (await request.get('/api/agents')).json()).agents.length).toBe(before);

  // A good file goes through, checked first.
  const yaml = (await (await request.get('/api/agents/harness/export')).text()).replace(
    /^name: harness$/m,
    `name: ${IMPORTED}`,
  );
  await page.getByTestId('import-yaml').fill(yaml);
  await page.getByTestId('import-tools-from').selectOption('harness');
  await expect(page.getByTestId('import-check-ok')).toContainText(`creates the agent “${IMPORTED}”`);
  // Its tools are scripts: the import waits for the user's confirmation that this runs code here.
  await expect(page.getByTestId('import-runs-code')).toContainText('This runs code on your machine');
  await expect(page.getByTestId('import-runs-code')).toContainText('agents/harness/tools/simple-tool.ts');
  await expect(page.getByTestId('import-submit')).toBeDisabled();
  await page.getByTestId('import-allow-scripts').check();
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('agent-name')).toHaveText(IMPORTED);
});

test('inputs from Python files: the nodes are listed, then saved as the agent’s inputs', async ({ page, request }) => {
  // A copy of an agent that works on Python code: only those take inputs made from Python files.
  await importCopy(request, INPUTS, 'docstring');
  await openAgent(page, INPUTS);
  await page.getByTestId('python-paths').fill('agents/docstring/samples\nagents/no-such-folder');
  await page.getByTestId('python-preview').click();
  await expect(page.locator('[data-testid="python-node"][data-node="Point"]')).toContainText(
    'agents/docstring/samples/geometry.py',
  );
  await expect(page.locator('[data-testid="python-node"][data-node="Point.distance_to"]')).toContainText('method');
  await expect(page.getByTestId('python-problems')).toContainText('no-such-folder');
  const count = Number((await page.getByTestId('python-node-count').textContent())?.split(' ')[0]);
  expect(count).toBeGreaterThan(3);
  await screenshot(page, 'agent-python-inputs');
  await page.getByTestId('python-replace').click();
  await expect(page.getByTestId('python-saved')).toHaveText(`Saved: the agent now has ${count} inputs.`);
  await expect(page.getByTestId('inputs-source')).toHaveText(`${count} inputs, stored with the agent in the database`);
  // The preview offers them.
  await expect(page.getByTestId('preview-input-select').locator('option').first()).toHaveText(/^1\. Point \(class\)/);
  const detail = await (await request.get(`/api/agents/${INPUTS}`)).json();
  expect(detail.inputCount).toBe(count);
});

test('an agent of text requests offers no inputs from Python files', async ({ page }) => {
  await openAgent(page, 'smart_home');
  await expect(page.getByTestId('text-inputs-note')).toContainText('takes text requests, not Python code');
  await expect(page.getByTestId('python-paths')).toHaveCount(0);
});
