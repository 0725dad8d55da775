import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyPatch } from 'diff';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadAgent } from '../../lib/agents/load';
import { checkPythonSyntax } from '../../lib/python/parser';
import { PROJECT_ROOT, lastToolResult, runAgentConversation } from '../../lib/python/testing/agent-conversation';
import { structuredCall, assertScriptsComplete } from '../../lib/testing/scripted-model';
import { ToolWorkerPool } from '../../lib/tools/worker-pool';
import { createWorkspaceFolder } from '../../lib/tools/work-root';

// Every scripted turn must be asked for: a conversation that ended early fails its test.
afterEach(assertScriptsComplete);

const folder = fileURLToPath(new URL('.', import.meta.url));
const pool = new ToolWorkerPool({ size: 2 });
afterAll(() => pool.close());

async function input(name: string) {
  const agent = await loadAgent(folder);
  const found = agent.inputs.find((candidate) => candidate.node_name === name);
  if (!found?.file_path) throw new Error(`no input ${name}`);
  return { input: found, original: await readFile(path.join(PROJECT_ROOT, found.file_path), 'utf8') };
}

// Real tools in workers, then the task-success check: slow on a loaded machine, so a generous limit.
describe('the docstring agent end to end', { timeout: 120_000 }, () => {
  it('reads, then inserts a numpy-style docstring into a method, and submits', async () => {
    const { input: perimeter, original } = await input('Polygon.perimeter');
    const { record, changes } = await runAgentConversation({
      agentFolder: folder,
      input: perimeter,
      tools: pool,
      turns: [
        structuredCall('read_current_docstring', {}),
        structuredCall('read_type_hints', {}),
        (request) => {
          const hints = lastToolResult(request).result as { return_type: string };
          expect(hints.return_type).toBe('float');
          return structuredCall('write_docstring', {
            docstring: 'Length of the outline.\n\nReturns:\n    The sum of the side lengths.',
            style: 'numpy',
          });
        },
        structuredCall('submit_result', { summary: 'documented perimeter' }),
      ],
    });
    expect(record.outcome).toBe('submitted');
    expect(record.toolExecutions.map((execution) => execution.outcome)).toEqual([
      'success',
      'success',
      'success',
      'success',
    ]);
    expect(record.knowledge).toMatchObject({
      has_docstring: false,
      current_docstring: null,
      return_type: 'float',
      parameter_names: [],
      docstring_written: true,
      docstring_style: 'numpy',
    });

    expect(await readFile(path.join(PROJECT_ROOT, perimeter.file_path as string), 'utf8')).toBe(original);
    expect(changes.changedFiles).toEqual(['agents/docstring/samples/geometry.py']);
    expect(changes.diff).toContain(
      [
        '     def perimeter(self) -> float:',
        '+        """Length of the outline.',
        '+',
        '+        Returns',
        '+        -------',
        '+        float',
        '+            The sum of the side lengths.',
        '+        """',
        '         pairs = zip(',
      ].join('\n'),
    );
    const patched = applyPatch(original, changes.diff ?? '');
    if (patched === false) throw new Error('the diff does not apply');
    expect(await checkPythonSyntax(patched)).toEqual([]);
  });

  it('replaces an existing docstring in the sphinx style, keeping what the old one said', async () => {
    const { input: area, original } = await input('Polygon.area');
    const { record, changes } = await runAgentConversation({
      agentFolder: folder,
      input: area,
      tools: pool,
      turns: [
        structuredCall('read_current_docstring', {}),
        (request) => {
          const current = lastToolResult(request).result as { docstring: string; style: string };
          expect(current).toMatchObject({
            docstring: 'Area of the polygon.\n\nUses the shoelace formula.',
            style: 'plain',
          });
          return structuredCall('write_docstring', {
            docstring: `${current.docstring}\n\nReturns:\n    The enclosed area.`,
            style: 'sphinx',
          });
        },
        structuredCall('submit_result', { summary: 'documented area' }),
      ],
    });
    expect(record.outcome).toBe('submitted');
    expect(record.toolExecutions[1].result).toMatchObject({ replaced: true, style: 'sphinx' });
    const patched = applyPatch(original, changes.diff ?? '');
    if (patched === false) throw new Error('the diff does not apply');
    expect(patched).toContain(
      [
        '    def area(self) -> float:',
        '        """Area of the polygon.',
        '',
        '        Uses the shoelace formula.',
        '',
        '        :returns: The enclosed area.',
        '        :rtype: float',
        '        """',
        '        total = 0.0',
      ].join('\n'),
    );
    expect(patched.match(/Area of the polygon/g)).toHaveLength(1);
  });

  it('moves a one-line body under a google-style docstring with the parameters typed from the hints', async () => {
    const { input: clamp, original } = await input('clamp');
    const { changes } = await runAgentConversation({
      agentFolder: folder,
      input: clamp,
      tools: pool,
      turns: [
        structuredCall('write_docstring', {
          docstring:
            'Limit a value to a range.\n\nArgs:\n    value: The value.\n    low: Lower bound.\n    high: Upper bound.',
        }),
        structuredCall('submit_result', { summary: 'done' }),
      ],
    });
    const patched = applyPatch(original, changes.diff ?? '');
    if (patched === false) throw new Error('the diff does not apply');
    expect(patched).toContain(
      [
        'def clamp(value: float, low: float, high: float) -> float:',
        '    """Limit a value to a range.',
        '',
        '    Args:',
        '        value (float): The value.',
        '        low (float): Lower bound.',
        '        high (float): Upper bound.',
        '    """',
        '    return max(low, min(high, value))',
        '',
      ].join('\n'),
    );
  });

  it('never reads or writes through a target that leads outside the workspace', async () => {
    const outsideFolder = await mkdtemp(path.join(os.tmpdir(), 'remora-outside-'));
    const cleanups: (() => Promise<void>)[] = [];
    const outside = path.join(outsideFolder, 'outside.py');
    await writeFile(outside, 'def clamp(value, low, high):\n    return value\n');
    try {
      const { input: clamp } = await input('clamp');
      const { record } = await runAgentConversation({
        agentFolder: folder,
        input: clamp,
        tools: pool,
        // The workspace's copy of the target is replaced by a link to a file outside it.
        prepare: async (workspace) => {
          await rm(path.join(workspace, 'geometry.py'));
          await symlink(outside, path.join(workspace, 'geometry.py'));
        },
        turns: [
          structuredCall('read_current_docstring', {}),
          structuredCall('write_docstring', { docstring: 'Hijacked.' }),
          structuredCall('submit_result', { summary: 'x' }),
        ],
      });
      expect(record.toolExecutions.slice(0, 2).map((execution) => execution.outcome)).toEqual(['error', 'error']);
      expect(record.toolExecutions[1].error).toContain('outside the workspace');
      expect(await readFile(outside, 'utf8')).toBe('def clamp(value, low, high):\n    return value\n');

      // A target named with ../ is looked up by its name inside the workspace, never next to it.
      const script = (await loadAgent(folder)).scripts.read_current_docstring as string;
      const workspace = await createWorkspaceFolder();
      await writeFile(
        path.join(path.dirname(workspace), 'outside.py'),
        'def clamp(value, low, high):\n    return value\n',
      );
      cleanups.push(
        () => rm(path.join(path.dirname(workspace), 'outside.py'), { force: true }),
        () => rm(workspace, { recursive: true, force: true }),
      );
      const execution = await pool.execute(
        script,
        {
          arguments: {},
          context: {
            workspace,
            filePath: '../outside.py',
            nodeText: '',
            nodeName: 'clamp',
            nodeType: 'function',
            settings: {},
            knowledge: {},
          },
        },
        { timeoutMs: 10_000, maxOutputBytes: 100_000 },
      );
      expect(execution).toMatchObject({ outcome: 'error' });
      expect(execution.error).toContain('cannot read the target file outside.py');
    } finally {
      await rm(outsideFolder, { recursive: true, force: true });
      for (const cleanup of cleanups.splice(0)) await cleanup();
    }
  });

  it('refuses a style it does not know and an empty docstring, leaving the file alone', async () => {
    const { input: clamp } = await input('clamp');
    const { record, changes } = await runAgentConversation({
      agentFolder: folder,
      input: clamp,
      tools: pool,
      turns: [
        structuredCall('write_docstring', { docstring: 'x', style: 'epytext' }),
        structuredCall('write_docstring', { docstring: '   ' }),
        structuredCall('submit_result', { summary: 'x' }),
      ],
    });
    // The schema's enum stops the unknown style before the tool runs; the tool itself refuses empty text.
    expect(record.toolExecutions[0]).toMatchObject({ outcome: 'error', errorKind: 'invalid_arguments' });
    expect(record.toolExecutions[0].error).toContain('"google", "numpy", "sphinx"');
    expect(record.toolExecutions[1].error).toContain('docstring is empty');
    expect(changes.diff).toBeNull();
  });
});
