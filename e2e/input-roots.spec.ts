// Issue 24 item 6: the folders besides the agent's own whose files the inputs may name are chosen in
// the new-experiment form, and reach the API as its inputRoots (nothing else widens what is read).
import { expect, test } from './fixtures';

test('the form sends the folders named for input files, one a line, and nothing when none is named', async ({
  page,
  experimentForm,
}) => {
  await experimentForm.open({ agent: 'harness' });
  await experimentForm.chooseAgent('harness');
  await page.getByTestId('requests-per-variant').fill('1');
  const field = page.getByTestId('input-roots-field');
  await field.locator('summary').click();
  await expect(field).toContainText('refused whatever you name');
  await page.getByTestId('input-roots').fill('agents/docstring\n tests ');
  const sent = page.waitForRequest(
    (request) => request.url().endsWith('/api/experiments') && request.method() === 'POST',
  );
  await experimentForm.start();
  expect((await sent).postDataJSON().inputRoots).toEqual(['agents/docstring', 'tests']);

  await experimentForm.open({ agent: 'harness' });
  await experimentForm.chooseAgent('harness');
  await page.getByTestId('requests-per-variant').fill('1');
  const plain = page.waitForRequest(
    (request) => request.url().endsWith('/api/experiments') && request.method() === 'POST',
  );
  await experimentForm.start();
  expect((await plain).postDataJSON()).not.toHaveProperty('inputRoots');
});
