// `remora render` through the real command line: the generation prompt follows the last turn unless
// --generation-prompt / --no-generation-prompt say otherwise (the option wiring, which
// lib/cli/render-command.test.ts does not reach).
import { describe, expect, it } from 'vitest';
import { runCli } from './cli-process';

const asking = JSON.stringify({ messages: [{ role: 'user', content: 'Hi' }] });
const answered = JSON.stringify({
  messages: [
    { role: 'user', content: 'Hi' },
    { role: 'assistant', content: 'Hello.' },
  ],
});
const OPEN = '<start_of_turn>model\n';

async function render(stdin: string, ...flags: string[]): Promise<string> {
  const run = await runCli(['render', ...flags], { stdin });
  expect(run.code, run.stderr).toBe(0);
  return run.stdout;
}

describe('remora render', () => {
  it('opens the model turn only when the model did not speak last, unless a flag decides', async () => {
    expect((await render(asking)).endsWith(OPEN)).toBe(true);
    const finished = await render(answered);
    expect(finished.endsWith(`Hello.<end_of_turn>\n`)).toBe(true);
    expect(finished.endsWith(OPEN)).toBe(false);
    expect(await render(answered, '--generation-prompt')).toBe(`${finished}${OPEN}`);
    expect((await render(asking, '--no-generation-prompt')).endsWith('Hi<end_of_turn>\n')).toBe(true);
  }, 60_000);
});
