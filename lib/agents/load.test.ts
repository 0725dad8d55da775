import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { ConfigurationError } from '../errors';
import { loadAgent, loadAgents } from './load';
import { DIRECTIVE_WARNING, TASK_DESCRIPTION_WARNING } from './validate';

const GOOD_PROMPT =
  'You are a tool-calling model working on:\n<task_description>Test things.</task_description>\n\n' +
  'Generate only the tool call. Always respond\nwith a tool call.';

function goodDefinition(): Record<string, unknown> {
  return {
    name: 'sample',
    max_turns: 3,
    initial_context: { system_prompt: GOOD_PROMPT, node_context: 'Code:\n{{ node_text }}\nFile: {{ file_path }}' },
    tools: [
      {
        name: 'read_code',
        description: 'Read the code.',
        script: 'tools/read.ts',
        parameters: { type: 'object', properties: { line: { type: 'integer' } } },
        timeout_ms: 1234,
      },
      {
        name: 'submit_result',
        description: 'Finish.',
        parameters: { type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'] },
      },
    ],
    inputs: [{ node_text: 'def f(): pass', file_path: 'f.py' }, 'x = 1'],
  };
}

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'remora-agents-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function writeAgent(
  name: string,
  definition: unknown,
  options: { raw?: string; scripts?: string[] } = {},
): Promise<string> {
  const folder = path.join(root, name);
  await mkdir(path.join(folder, 'tools'), { recursive: true });
  await writeFile(path.join(folder, 'agent.yaml'), options.raw ?? stringify(definition));
  for (const script of options.scripts ?? ['tools/read.ts'])
    await writeFile(path.join(folder, script), 'export default () => null;\n');
  return folder;
}

async function problemsOf(folderName: string): Promise<string[]> {
  const { agents, problems } = await loadAgents(root);
  expect(agents.map((agent) => agent.name)).not.toContain(folderName);
  const entry = problems.find((problem) => problem.agent === folderName);
  expect(entry).toBeDefined();
  return entry?.problems ?? [];
}

describe('loadAgent', () => {
  it('loads a valid agent with absolute scripts, inputs and a runtime with default limits', async () => {
    const folder = await writeAgent('sample', goodDefinition());
    const agent = await loadAgent(folder);
    expect(agent.name).toBe('sample');
    expect(agent.warnings).toEqual([]);
    expect(agent.scripts).toEqual({ read_code: path.join(folder, 'tools/read.ts'), submit_result: null });
    expect(agent.inputs).toEqual([{ node_text: 'def f(): pass', file_path: 'f.py' }, { node_text: 'x = 1' }]);
    const runtime = agent.toRuntime();
    expect(runtime).toMatchObject({
      name: 'sample',
      maxTurns: 3,
      textAnswerEnds: false,
      settings: {},
      systemPrompt: GOOD_PROMPT,
    });
    expect(runtime.tools[0]).toMatchObject({
      script: path.join(folder, 'tools/read.ts'),
      limits: { timeoutMs: 1234, maxOutputBytes: 262144 },
    });
    expect(runtime.tools[1]).toMatchObject({
      name: 'submit_result',
      script: null,
      limits: { timeoutMs: 10000, maxOutputBytes: 262144 },
    });
  });

  it('loads default inputs from a JSONL file next to the definition', async () => {
    const definition = { ...goodDefinition(), inputs: undefined, default_inputs: 'inputs.jsonl' };
    const folder = await writeAgent('sample', definition);
    await writeFile(path.join(folder, 'inputs.jsonl'), '{"node_text": "a"}\n{"node_text": "b", "node_name": "b"}\n');
    expect((await loadAgent(folder)).inputs).toEqual([{ node_text: 'a' }, { node_text: 'b', node_name: 'b' }]);
  });

  it('throws a ConfigurationError that lists the problems', async () => {
    const folder = await writeAgent('broken', { ...goodDefinition(), max_turns: 0 });
    const error = await loadAgent(folder).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).problems.join('\n')).toContain('max_turns');
  });
});

describe('loadAgents on broken definitions', () => {
  it('reports malformed YAML with its line and column', async () => {
    await writeAgent('bad-yaml', null, {
      raw: 'name: x\ntools:\n  - name: a\n    parameters: {type: object\nmax_turns: 2\n',
    });
    const problems = await problemsOf('bad-yaml');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^YAML: .* at line \d+, column \d+$/);
  });

  it('reports an alias to a missing anchor', async () => {
    await writeAgent('bad-alias', null, { raw: 'name: *missing\n' });
    expect((await problemsOf('bad-alias'))[0]).toContain('YAML:');
  });

  it('names each missing field and where its parent is', async () => {
    const definition = goodDefinition();
    delete definition.max_turns;
    (definition.initial_context as Record<string, unknown>).node_context = undefined;
    await writeAgent('missing-fields', definition);
    const problems = await problemsOf('missing-fields');
    expect(problems).toContainEqual(expect.stringMatching(/^max_turns: /));
    expect(problems).toContainEqual(expect.stringMatching(/^initial_context\.node_context \(line \d+, column \d+\): /));
  });

  it('points at the line of a wrong value', async () => {
    await writeAgent('wrong-type', null, {
      raw: [
        'name: wrong-type',
        'max_turns: "two"',
        'initial_context: {system_prompt: p, node_context: "{{ node_text }}"}',
        'tools: []',
      ].join('\n'),
    });
    expect(await problemsOf('wrong-type')).toContainEqual(expect.stringMatching(/^max_turns \(line 2, column 12\): /));
  });

  it('rejects unknown keys, so that a misspelt one is not silently ignored, and points at the key', async () => {
    const definition = goodDefinition();
    (definition.tools as Record<string, unknown>[])[0].timeout = 5;
    await writeAgent('typo', definition);
    expect(await problemsOf('typo')).toEqual([
      expect.stringMatching(/^tools\[0\] \(line \d+, column \d+\): Unrecognized key: "timeout"$/),
    ]);
  });

  it('reports a missing agent.yaml', async () => {
    await mkdir(path.join(root, 'empty'));
    expect((await problemsOf('empty'))[0]).toContain('no agent.yaml');
  });

  it('reports a script that does not exist', async () => {
    await writeAgent('missing-script', goodDefinition(), { scripts: [] });
    const problems = await problemsOf('missing-script');
    expect(problems).toEqual([
      expect.stringMatching(
        /^tools\[0\] \(read_code\)\.script \(line \d+, column \d+\): tools\/read\.ts does not exist/,
      ),
    ]);
  });

  it('requires a script for every tool except submit_result', async () => {
    const definition = goodDefinition();
    delete (definition.tools as Record<string, unknown>[])[0].script;
    await writeAgent('no-script', definition);
    expect(await problemsOf('no-script')).toContainEqual(expect.stringContaining('tool "read_code" needs a script'));
  });

  it('reports a parameters schema that is not valid JSON Schema', async () => {
    const definition = goodDefinition();
    (definition.tools as Record<string, unknown>[])[0].parameters = {
      type: 'object',
      properties: { line: { type: 'integr' } },
    };
    await writeAgent('bad-schema', definition);
    const problems = await problemsOf('bad-schema');
    expect(problems[0]).toMatch(
      /^tools\[0\] \(read_code\)\.parameters \(line \d+, column \d+\) is not a valid JSON Schema: /,
    );
    expect(problems[0]).toContain(': schema/properties/line/type: must be equal to one of the allowed values');
  });

  it('requires parameters to describe an object', async () => {
    const definition = goodDefinition();
    (definition.tools as Record<string, unknown>[])[0].parameters = { type: 'string' };
    await writeAgent('not-object', definition);
    expect((await problemsOf('not-object'))[0]).toContain('must have type "object"');
  });

  it('reports unknown template variables', async () => {
    const definition = goodDefinition();
    (definition.initial_context as Record<string, unknown>).node_context = 'Code: {{ code }} in {{file_path}}';
    await writeAgent('bad-template', definition);
    const problems = await problemsOf('bad-template');
    expect(problems).toEqual([expect.stringMatching(/^initial_context\.node_context \(line \d+, column \d+\) uses /)]);
    expect(problems[0]).toMatch(
      / unknown template variables \{\{ code \}\}; known: node_text, file_path, node_name, node_type$/,
    );
  });

  it('requires submit_result unless a text answer ends the agent', async () => {
    const definition = goodDefinition();
    const tools = definition.tools as Record<string, unknown>[];
    definition.tools = [tools[0], { ...tools[0], name: 'other_tool' }];
    await writeAgent('no-submit', definition);
    expect((await problemsOf('no-submit'))[0]).toContain('no submit_result tool');

    await writeAgent('text-answer', { ...definition, name: 'text-answer', text_answer_ends: true });
    const { agents } = await loadAgents(root);
    expect(agents.map((agent) => agent.name)).toContain('text-answer');
  });

  it('requires at least two tools', async () => {
    const definition = goodDefinition();
    definition.tools = [(definition.tools as unknown[])[1]];
    await writeAgent('one-tool', definition);
    expect(await problemsOf('one-tool')).toEqual(['tools: an agent needs at least two tools, it has 1']);
  });

  it('reports an inputs file that is missing', async () => {
    await writeAgent('no-inputs-file', { ...goodDefinition(), inputs: undefined, default_inputs: 'missing.yaml' });
    expect((await problemsOf('no-inputs-file'))[0]).toMatch(/^default_inputs: cannot read the inputs file/);
  });

  it('reports two agents with the same name', async () => {
    await writeAgent('first', goodDefinition());
    await writeAgent('second', goodDefinition());
    const { agents, problems } = await loadAgents(root);
    expect(agents.map((agent) => agent.name)).toEqual(['sample']);
    expect(problems).toEqual([
      expect.objectContaining({ agent: 'second', problems: [expect.stringContaining('"sample" is already the name')] }),
    ]);
  });

  it('warns, without failing, about a prompt without the recommended parts', async () => {
    const definition = goodDefinition();
    (definition.initial_context as Record<string, unknown>).system_prompt = 'You test tools. Always call a function.';
    const folder = await writeAgent('plain-prompt', definition);
    const agent = await loadAgent(folder);
    expect(agent.warnings).toEqual([TASK_DESCRIPTION_WARNING, DIRECTIVE_WARNING]);
  });

  it('keeps going past broken agents and skips hidden folders', async () => {
    await writeAgent('good', goodDefinition());
    await writeAgent('bad', null, { raw: ':::' });
    await mkdir(path.join(root, '.cache'));
    const { agents, problems } = await loadAgents(root);
    expect(agents.map((agent) => agent.name)).toEqual(['sample']);
    expect(problems.map((problem) => problem.agent)).toEqual(['bad']);
  });

  it('reports an agents folder that does not exist', async () => {
    const { agents, problems } = await loadAgents(path.join(root, 'nowhere'));
    expect(agents).toEqual([]);
    expect(problems[0].problems[0]).toContain('does not exist');
  });
});

describe('the agents shipped in agents/', () => {
  it('all validate with zero errors', async () => {
    const agentsDir = fileURLToPath(new URL('../../agents', import.meta.url));
    const { agents, problems } = await loadAgents(agentsDir);
    expect(problems).toEqual([]);
    const harness = agents.find((agent) => agent.name === 'harness');
    expect(harness?.definition.max_turns).toBe(2);
    expect(harness?.warnings).toEqual([]);
    expect(harness?.inputs.length).toBeGreaterThanOrEqual(20);
    expect(harness?.toRuntime().tools.map((tool) => tool.name)).toEqual(['simple_tool', 'submit_result']);
  });
});
