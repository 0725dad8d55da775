// The rendered-prompt check for any family: a stand-in for vLLM renders with a chat template over
// real HTTP, and `check-render --family NAME` says whether it matches that family's template.
import { afterEach, describe, expect, it } from 'vitest';
import { runCheckRenderCommand } from '../cli/check-render-command';
import { FAMILIES } from '../families/registry';
import { startFakeVllm, type FakeTemplate, type FakeVllm } from './fake-vllm';

const servers: FakeVllm[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function check(template: FakeTemplate, family: string) {
  const server = await startFakeVllm({ template, model: 'Qwen/Qwen3-0.6B' });
  servers.push(server);
  return runCheckRenderCommand({
    baseUrl: server.url,
    model: 'Qwen/Qwen3-0.6B',
    agentsDir: 'agents',
    json: false,
    family,
  });
}

const hermes = FAMILIES.hermes.chatTemplate as string;
// ChatML that drops the tools parameter: what a server started with a plain chat template does.
const CHATML_WITHOUT_TOOLS =
  "{% for m in messages %}{{ '<|im_start|>' + m.role + '\\n' + (m.content or '') + '<|im_end|>\\n' }}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

describe('check-render for any family', () => {
  it("is identical when the server renders with the family's template", async () => {
    const output = await check({ jinja: hermes }, 'hermes');
    expect(output.exitCode).toBe(0);
    expect(output.stdout).toContain("identical to the hermes family's template");
  });

  it('names the problem when the server ignores the tools', async () => {
    const output = await check({ jinja: CHATML_WITHOUT_TOOLS }, 'hermes');
    expect(output.exitCode).toBe(1);
    expect(output.stdout).toContain("[problem] the server's prompt does not name get_current_weather");
    expect(output.stdout).toContain('=== diff (- template, + server) ===');
  });

  it("says the server serves another family when none of the family's control tokens appear", async () => {
    const output = await check('native', 'hermes');
    expect(output.exitCode).toBe(1);
    expect(output.stdout).toContain("holds none of the hermes family's control tokens");
  });

  it('keeps the FunctionGemma comparison when no family is named', async () => {
    const server = await startFakeVllm({ template: 'native' });
    servers.push(server);
    const output = await runCheckRenderCommand({
      baseUrl: server.url,
      model: 'google/functiongemma-270m-it',
      agentsDir: 'agents',
      json: false,
    });
    expect(output.stdout).toContain('the native format');
  });
});
