// Agents, prompt variants and endpoints.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputError, NotFoundError } from '../../errors';
import { closeDatabase, openDatabase, type RemoraDatabase } from '../client';
import { deleteAgent, getAgent, getAgentByName, listAgents, upsertAgent } from './agents';
import { createEndpoint, deleteEndpoint, getEndpointByName, listEndpoints, updateEndpoint } from './endpoints';
import { forkVariant, getVariant, listLatestVariants, listVariantHistory, saveVariantVersion } from './prompt-variants';

let database: RemoraDatabase;
beforeEach(() => {
  database = openDatabase(':memory:');
});
afterEach(() => closeDatabase(database));

describe('agents', () => {
  it('creates, then updates by name keeping the id and creation time', () => {
    const created = upsertAgent(
      database,
      { name: 'docstring', definition: { max_turns: 15 }, sourcePath: 'agents/docstring' },
      1000,
    );
    const updated = upsertAgent(database, { name: 'docstring', definition: { max_turns: 10 } }, 2000);
    expect(updated.id).toBe(created.id);
    expect(updated).toMatchObject({
      createdAt: 1000,
      updatedAt: 2000,
      definition: { max_turns: 10 },
      sourcePath: null,
    });
    expect(getAgentByName(database, 'docstring')).toEqual(updated);
    expect(getAgent(database, created.id)?.definition).toEqual({ max_turns: 10 });
    upsertAgent(database, { name: 'lint', definition: {} });
    expect(listAgents(database).map((agent) => agent.name)).toEqual(['docstring', 'lint']);
  });

  it('deletes an agent with its prompt variants', () => {
    const agent = upsertAgent(database, { name: 'lint', definition: {} });
    const variant = saveVariantVersion(database, { agentId: agent.id, name: 'baseline', systemPrompt: 'p' });
    expect(deleteAgent(database, agent.id)).toBe(true);
    expect(getVariant(database, variant.id)).toBeNull();
    expect(deleteAgent(database, agent.id)).toBe(false);
  });
});

describe('prompt variants', () => {
  it('keeps every saved version, each pointing at the one before', () => {
    const agent = upsertAgent(database, { name: 'docstring', definition: {} });
    const first = saveVariantVersion(database, {
      agentId: agent.id,
      name: 'baseline',
      systemPrompt: 'v1',
      note: 'start',
    });
    const second = saveVariantVersion(database, {
      agentId: agent.id,
      name: 'baseline',
      systemPrompt: 'v2',
      nodeContext: 'Code: {{ node_text }}',
    });
    expect(first).toMatchObject({ version: 1, parentId: null, nodeContext: null, note: 'start' });
    expect(second).toMatchObject({ version: 2, parentId: first.id, nodeContext: 'Code: {{ node_text }}' });
    expect(listVariantHistory(database, agent.id, 'baseline').map((variant) => variant.systemPrompt)).toEqual([
      'v2',
      'v1',
    ]);
  });

  it('forks under a new name and lists the latest version of each name', () => {
    const agent = upsertAgent(database, { name: 'docstring', definition: {} });
    const base = saveVariantVersion(database, {
      agentId: agent.id,
      name: 'baseline',
      systemPrompt: 'v1',
      nodeContext: 'ctx',
    });
    saveVariantVersion(database, { agentId: agent.id, name: 'baseline', systemPrompt: 'v2' });
    const fork = forkVariant(database, base.id, {
      name: 'directive',
      systemPrompt: 'v1 + Always respond with a tool call.',
    });
    expect(fork).toMatchObject({ name: 'directive', version: 1, parentId: base.id, nodeContext: 'ctx' });
    const latest = listLatestVariants(database, agent.id);
    expect(latest.map((variant) => [variant.name, variant.version, variant.systemPrompt])).toEqual([
      ['baseline', 2, 'v2'],
      ['directive', 1, 'v1 + Always respond with a tool call.'],
    ]);
    expect(() => forkVariant(database, 'missing', { name: 'x' })).toThrow(NotFoundError);
  });

  it('refuses a variant of an unknown agent', () => {
    expect(() => saveVariantVersion(database, { agentId: 'nobody', name: 'x', systemPrompt: 'p' })).toThrow(
      /FOREIGN KEY/,
    );
  });
});

describe('endpoints', () => {
  const local = {
    name: 'local vLLM',
    kind: 'openai' as const,
    baseUrl: 'http://127.0.0.1:8000/v1',
    model: 'functiongemma',
    apiKeyEnv: 'VLLM_API_KEY',
  };

  it('stores the name of the key variable, and refuses anything that looks like a key', () => {
    const endpoint = createEndpoint(database, local);
    expect(endpoint.apiKeyEnv).toBe('VLLM_API_KEY');
    expect(() => createEndpoint(database, { ...local, name: 'leaky', apiKeyEnv: 'sk-proj-abcdef123456' })).toThrow(
      InputError,
    );
    let refused: unknown = null;
    try {
      createEndpoint(database, { ...local, name: 'leaky', apiKeyEnv: 'abcdEFGH1234' });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(InputError);
    expect((refused as InputError).problems[0]).toMatch(/^apiKeyEnv: must be the NAME/);
    expect(listEndpoints(database)).toHaveLength(1);
  });

  it('validates urls and kinds, and keeps names unique', () => {
    expect(() => createEndpoint(database, { ...local, baseUrl: 'not a url' })).toThrow(InputError);
    expect(() => createEndpoint(database, { ...local, kind: 'grpc' as 'openai' })).toThrow(InputError);
    const first = createEndpoint(database, local);
    const simulated = createEndpoint(database, {
      name: 'sim',
      kind: 'simulated',
      baseUrl: 'http://127.0.0.1:9000/v1',
      model: 'functiongemma-sim',
    });
    expect(simulated.apiKeyEnv).toBeNull();
    expect(() => createEndpoint(database, local)).toThrow(/exists already/);
    expect(() => updateEndpoint(database, simulated.id, { ...local })).toThrow(/exists already/);
    const renamed = updateEndpoint(database, first.id, { ...local, model: 'functiongemma-ft' });
    expect(renamed?.model).toBe('functiongemma-ft');
    expect(getEndpointByName(database, 'local vLLM')?.model).toBe('functiongemma-ft');
    expect(deleteEndpoint(database, simulated.id)).toBe(true);
    expect(updateEndpoint(database, simulated.id, { ...local, name: 'gone' })).toBeNull();
  });
});
