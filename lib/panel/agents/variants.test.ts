import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAgentByName } from '../../db/queries/agents';
import { listVariantHistory } from '../../db/queries/prompt-variants';
import { InputError, NotFoundError } from '../../errors';
import { DIRECTIVE_WARNING, TASK_DESCRIPTION_WARNING } from '../../agents/validate';
import { storedPrompt, validatePromptDraft } from './editing';
import {
  DEFAULT_VARIANT,
  diffVersions,
  forkPromptVariant,
  getVariantHistory,
  listPromptVariants,
  saveVariant,
} from './variants';
import { loadRunnableAgent } from './agents';
import { describeParent } from './lineage';
import { openTestPanel, type TestPanel } from '../testing/panel-context';

let panel: TestPanel;
let original: { systemPrompt: string; nodeContext: string };
beforeAll(async () => {
  panel = await openTestPanel();
  original = storedPrompt(getAgentByName(panel.database, 'harness')!.definition);
});
afterAll(async () => {
  await panel?.dispose();
});

function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('validating a prompt draft', () => {
  it('passes the stored prompt, warns without the seeds’ directive, fails on an unknown variable', () => {
    expect(validatePromptDraft(panel, 'harness', original)).toEqual({ errors: [], warnings: [], introduced: [] });
    const bare = validatePromptDraft(panel, 'harness', {
      systemPrompt: 'Call tools.',
      nodeContext: original.nodeContext,
    });
    expect(bare.errors).toEqual([]);
    expect(bare.warnings).toEqual([TASK_DESCRIPTION_WARNING, DIRECTIVE_WARNING]);
    const broken = validatePromptDraft(panel, 'harness', {
      systemPrompt: original.systemPrompt,
      nodeContext: 'Code: {{ node_txt }}',
    });
    expect(broken.introduced).toHaveLength(1);
    expect(broken.introduced[0]).toMatch(/unknown template variables \{\{ node_txt \}\}/);
    expect(() => validatePromptDraft(panel, 'nobody', original)).toThrow(NotFoundError);
  });
});

describe('saving variants', () => {
  it('keeps every version of a named variant and leaves the agent’s definition alone', () => {
    const first = saveVariant(panel, 'harness', {
      name: 'terse',
      systemPrompt: 'One.\nAlways respond with a tool call.',
      nodeContext: original.nodeContext,
    });
    expect(first).toMatchObject({ unchanged: false, version: { name: 'terse', version: 1, parent: null } });
    const second = saveVariant(panel, 'harness', {
      name: 'terse',
      systemPrompt: 'One.\nTwo.\nAlways respond with a tool call.',
      nodeContext: original.nodeContext,
      note: 'added two',
    });
    expect(second.version).toMatchObject({
      version: 2,
      note: 'added two',
      parent: { id: first.version.id, name: 'terse', version: 1 },
    });
    // The same text again writes nothing.
    const again = saveVariant(panel, 'harness', {
      name: 'terse',
      systemPrompt: 'One.\nTwo.\nAlways respond with a tool call.',
      nodeContext: original.nodeContext,
    });
    expect(again).toMatchObject({ unchanged: true, version: { id: second.version.id } });
    expect(getVariantHistory(panel, 'harness', 'terse').map((version) => version.version)).toEqual([2, 1]);
    expect(storedPrompt(getAgentByName(panel.database, 'harness')!.definition)).toEqual(original);

    const diff = diffVersions(panel, 'harness', first.version.id, second.version.id);
    expect(diff.from.label).toBe('terse v1');
    expect(diff.to.label).toBe('terse v2');
    expect(diff.systemPrompt.lines).toEqual([
      { kind: 'same', text: 'One.' },
      { kind: 'added', text: 'Two.' },
      { kind: 'same', text: 'Always respond with a tool call.' },
    ]);
    expect(diff.nodeContext.changed).toBe(false);
  });

  it('refuses a draft with an error it brings, and stores nothing', () => {
    const error = caught(() =>
      saveVariant(panel, 'harness', { name: 'broken', systemPrompt: 'x', nodeContext: '{{ file }}' }),
    ) as InputError;
    expect(error).toBeInstanceOf(InputError);
    expect(error.problems[0]).toMatch(/\{\{ file \}\}/);
    expect(() => getVariantHistory(panel, 'harness', 'broken')).toThrow(NotFoundError);
  });

  it('saving "default" updates the agent’s prompt, and its history starts with the imported one', async () => {
    const edited = { systemPrompt: `${original.systemPrompt}\nBe brief.`, nodeContext: original.nodeContext };
    const saved = saveVariant(panel, 'harness', { name: DEFAULT_VARIANT, ...edited });
    expect(saved.version).toMatchObject({ name: 'default', version: 2 });
    const history = getVariantHistory(panel, 'harness', DEFAULT_VARIANT);
    expect(history.map((version) => [version.version, version.systemPrompt])).toEqual([
      [2, edited.systemPrompt],
      [1, original.systemPrompt],
    ]);
    expect(history[1].note).toMatch(/as imported/);
    expect(storedPrompt(getAgentByName(panel.database, 'harness')!.definition)).toEqual(edited);
    // A run uses the edited prompt.
    expect((await loadRunnableAgent(panel, 'harness')).runtime.systemPrompt).toBe(edited.systemPrompt);
    const diff = diffVersions(panel, 'harness', history[1].id, 'definition');
    expect(diff.systemPrompt.lines.filter((line) => line.kind !== 'same')).toEqual([
      { kind: 'added', text: 'Be brief.' },
    ]);

    const list = listPromptVariants(panel, 'harness');
    expect(list.variants.map((variant) => [variant.name, variant.versionCount])).toEqual([
      ['default', 2],
      ['terse', 2],
    ]);
    // Back to the original: a third version, not a rewrite of history.
    saveVariant(panel, 'harness', { name: DEFAULT_VARIANT, ...original });
    expect(
      listVariantHistory(panel.database, getAgentByName(panel.database, 'harness')!.id, DEFAULT_VARIANT),
    ).toHaveLength(3);
    expect(storedPrompt(getAgentByName(panel.database, 'harness')!.definition)).toEqual(original);
  });

  it('forks a version into a new name, and refuses taken names and foreign ids', () => {
    const [terse] = getVariantHistory(panel, 'harness', 'terse');
    const fork = forkPromptVariant(panel, 'harness', { sourceId: terse.id, name: 'terse-fork' });
    expect(fork).toMatchObject({
      name: 'terse-fork',
      version: 1,
      systemPrompt: terse.systemPrompt,
      parent: { name: 'terse', version: 2 },
    });
    expect(fork.note).toBe('forked from terse v2');
    expect(caught(() => forkPromptVariant(panel, 'harness', { sourceId: terse.id, name: 'terse' }))).toBeInstanceOf(
      InputError,
    );
    expect(caught(() => forkPromptVariant(panel, 'harness', { sourceId: terse.id, name: 'default' }))).toBeInstanceOf(
      InputError,
    );
    expect(caught(() => forkPromptVariant(panel, 'harness', { sourceId: 'nope', name: 'x' }))).toBeInstanceOf(
      NotFoundError,
    );
    const fromDefinition = forkPromptVariant(panel, 'harness', { sourceId: 'definition', name: 'from-definition' });
    expect(fromDefinition).toMatchObject({ version: 1, parent: null, systemPrompt: original.systemPrompt });
  });

  it('says where each variant and version came from ("from v2 of terse")', () => {
    const [terse] = getVariantHistory(panel, 'harness', 'terse');
    const fork = forkPromptVariant(panel, 'harness', { sourceId: terse.id, name: 'terse-lineage' });
    saveVariant(panel, 'harness', {
      name: 'terse-lineage',
      systemPrompt: 'Shorter still.',
      nodeContext: fork.nodeContext,
    });
    const summaries = listPromptVariants(panel, 'harness').variants;
    expect(summaries.find((summary) => summary.name === 'terse-lineage')).toMatchObject({
      versionCount: 2,
      origin: { name: 'terse', version: 2 },
    });
    expect(summaries.find((summary) => summary.name === 'terse')?.origin).toBeNull();
    const [second, first] = getVariantHistory(panel, 'harness', 'terse-lineage');
    expect(describeParent(second.name, second.parent)).toBe('from v1');
    expect(describeParent(first.name, first.parent)).toBe('from v2 of terse');
    expect(describeParent('terse', null)).toBeNull();
  });

  it('never writes the agent files on disk', () => {
    const file = readFileSync(path.join(panel.root, 'agents', 'harness', 'agent.yaml'), 'utf8');
    expect(file).not.toContain('Be brief.');
  });
});
