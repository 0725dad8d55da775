// server/start-vllm.sh: its syntax, and the exact command its dry run prints for each configuration
// (vLLM itself does not run here; the README's examples are these commands).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server');
const script = path.join(folder, 'start-vllm.sh');

function run(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync('bash', [script, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env } as unknown as NodeJS.ProcessEnv,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const SERVE = 'vllm serve google/functiongemma-270m-it';
const PARSER = '--enable-auto-tool-choice --tool-call-parser functiongemma';
const BASE = `${SERVE} --host 0.0.0.0 --port 8000 ${PARSER}`;
const DEFAULTS = '--max-num-seqs 64 --max-model-len 32768';

describe('server/start-vllm.sh', () => {
  it('is valid bash', () => {
    expect(spawnSync('bash', ['-n', script]).status).toBe(0);
  });

  it("prints the default command: functiongemma parser, the model's template, prefix caching, concurrency cap", () => {
    expect(run(['--dry-run'])).toEqual({
      code: 0,
      stderr: '',
      stdout: `${BASE} --enable-prefix-caching ${DEFAULTS}\n`,
    });
  });

  it('serves one LoRA adapter per agent, with max-loras defaulting to their number', () => {
    const result = run([
      '--dry-run',
      '--lora',
      'lint=/adapters/lint',
      '--lora',
      'docstring=/adapters/docstring',
      '--max-num-seqs',
      '32',
      '--port',
      '8001',
      '--host',
      '127.0.0.1',
    ]);
    expect(result.stdout).toBe(
      `${SERVE} --host 127.0.0.1 --port 8001 ${PARSER} ` +
        '--enable-lora --lora-modules lint=/adapters/lint docstring=/adapters/docstring ' +
        '--max-loras 2 --max-lora-rank 16 ' +
        '--enable-prefix-caching --max-num-seqs 32 --max-model-len 32768\n',
    );
    const ranked = run(['--dry-run', '--lora', 'lint=/a', '--max-loras', '4', '--max-lora-rank', '64']);
    expect(ranked.stdout).toContain('--enable-lora --lora-modules lint=/a --max-loras 4 --max-lora-rank 64 ');
  });

  it('uses the example template only when asked, and runtime adapters through the environment', () => {
    expect(run(['--dry-run', '--example-template']).stdout).toBe(
      `${BASE} --chat-template /vllm-workspace/examples/tool_chat_template_functiongemma.jinja ` +
        `--enable-prefix-caching ${DEFAULTS}\n`,
    );
    expect(
      run(['--dry-run', '--example-template'], { VLLM_EXAMPLE_TEMPLATE: '/opt/vllm/examples/fg.jinja' }).stdout,
    ).toContain('--chat-template /opt/vllm/examples/fg.jinja ');
    expect(run(['--dry-run', '--runtime-lora', '--no-prefix-caching']).stdout).toBe(
      `VLLM_ALLOW_RUNTIME_LORA_UPDATING=True ${BASE} --enable-lora --max-loras 1 --max-lora-rank 16 ` +
        `--no-enable-prefix-caching ${DEFAULTS}\n`,
    );
  });

  it('quotes what the shell would split, and passes extra arguments after --', () => {
    const result = run([
      '--dry-run',
      '--chat-template',
      "/my templates/it's.jinja",
      '--served-model-name',
      'fg',
      '--',
      '--generation-config',
      'vllm',
    ]);
    expect(result.stdout).toBe(
      `${SERVE} --host 0.0.0.0 --port 8000 --served-model-name fg ${PARSER} ` +
        `--chat-template '/my templates/it'\\''s.jinja' --enable-prefix-caching ${DEFAULTS} --generation-config vllm\n`,
    );
  });

  it('refuses bad options with exit code 2 and a reason', () => {
    for (const [args, reason] of [
      [['--lora', 'lint'], '--lora must be NAME=PATH'],
      [['--max-num-seqs', '0'], '--max-num-seqs must be a whole number'],
      [['--example-template', '--chat-template', 'x.jinja'], 'either --example-template or --chat-template'],
      [['--max-loras', '2'], 'need --lora or --runtime-lora'],
      [['--bogus'], 'unknown option "--bogus"'],
      [['--port'], '--port needs a value'],
    ] as [string[], string][]) {
      const result = run(['--dry-run', ...args]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain(reason);
    }
  });

  it('does not start without vllm, and says how to get it', () => {
    const result = run(['--vllm', 'no-such-vllm-here']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('cannot find "no-such-vllm-here"');
  });

  it('is what the README shows', () => {
    const readme = readFileSync(path.join(folder, 'README.md'), 'utf8');
    const shown = [...readme.matchAll(/^\$ (server\/start-vllm\.sh --dry-run.*)\n(.+)$/gm)];
    expect(shown.length).toBeGreaterThan(1);
    for (const [, command, printed] of shown) {
      const args = command.replace(/^server\/start-vllm\.sh /, '').split(/\s+/);
      expect(run(args).stdout.trim(), command).toBe(printed.trim());
    }
  });
});
