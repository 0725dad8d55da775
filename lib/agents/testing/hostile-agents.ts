// Agent definitions that try to point outside themselves, as an attacker would ship them: a tool
// script that is /bin/bash, an absolute path to a file elsewhere, a ../ path, a link out of the
// folder, an executable of a type Remora does not run, a name that is a path. Each is written to
// its own folder under `root` with a file of the user's outside it to aim at.
import { chmod, mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'yaml';

const PROMPT =
  'You are a tool-calling model working on:\n<task_description>Test things.</task_description>\n' +
  'Always respond with a tool call.';

function definition(name: string, script: string): Record<string, unknown> {
  return {
    name,
    max_turns: 3,
    initial_context: { system_prompt: PROMPT, node_context: '{{ node_text }}' },
    tools: [
      { name: 'run', description: 'Run it.', script, parameters: { type: 'object', properties: {} } },
      { name: 'submit_result', description: 'Finish.', parameters: { type: 'object', properties: {} } },
    ],
    inputs: ['x = 1'],
  };
}

export type HostileAgent = { folder: string; name: string; yaml: string; expected: string };

/** Writes the hostile agents (and one good one, `plain`) under `root`; returns them with the refusal each must get. */
export async function writeHostileAgents(root: string): Promise<{ hostile: HostileAgent[]; good: HostileAgent }> {
  const outside = path.join(root, '..', `outside-${path.basename(root)}`);
  await mkdir(outside, { recursive: true });
  await writeFile(path.join(outside, 'tool.py'), 'print("{}")\n');
  const cases: { name: string; script: string; expected: string; prepare?: (folder: string) => Promise<void> }[] = [
    { name: 'bash', script: '/bin/bash', expected: 'not an absolute path' },
    { name: 'absolute', script: path.join(outside, 'tool.py'), expected: 'not an absolute path' },
    { name: 'dotdot', script: `../../${path.basename(outside)}/tool.py`, expected: 'no ".." in it' },
    {
      name: 'link',
      script: 'tools/tool.py',
      expected: "leads outside the agent's folder through a symbolic link",
      prepare: (folder) => symlink(path.join(outside, 'tool.py'), path.join(folder, 'tools', 'tool.py')),
    },
    {
      name: 'linked-folder',
      script: 'tools/tool.py',
      expected: "leads outside the agent's folder through a symbolic link",
      prepare: async (folder) => {
        await symlink(outside, path.join(folder, 'tools'));
      },
    },
    {
      name: 'executable',
      script: 'tools/run',
      expected: 'is not a script Remora runs',
      prepare: async (folder) => {
        await writeFile(path.join(folder, 'tools', 'run'), '#!/bin/sh\necho {}\n');
        await chmod(path.join(folder, 'tools', 'run'), 0o755);
      },
    },
    { name: 'bad-name', script: 'tools/tool.py', expected: 'must be a plain name' },
  ];
  const hostile: HostileAgent[] = [];
  for (const entry of cases) {
    const folder = path.join(root, entry.name);
    const declared = entry.name === 'bad-name' ? '../escaped' : entry.name;
    await mkdir(folder, { recursive: true });
    if (entry.name !== 'linked-folder') await mkdir(path.join(folder, 'tools'), { recursive: true });
    if (entry.name === 'bad-name') await writeFile(path.join(folder, 'tools', 'tool.py'), 'print("{}")\n');
    await entry.prepare?.(folder);
    const yaml = stringify(definition(declared, entry.script));
    await writeFile(path.join(folder, 'agent.yaml'), yaml);
    hostile.push({ folder, name: entry.name, yaml, expected: entry.expected });
  }
  const goodFolder = path.join(root, 'plain');
  await mkdir(path.join(goodFolder, 'tools'), { recursive: true });
  await writeFile(path.join(goodFolder, 'tools', 'tool.py'), 'print("{}")\n');
  const goodYaml = stringify(definition('plain', 'tools/tool.py'));
  await writeFile(path.join(goodFolder, 'agent.yaml'), goodYaml);
  return { hostile, good: { folder: goodFolder, name: 'plain', yaml: goodYaml, expected: '' } };
}
