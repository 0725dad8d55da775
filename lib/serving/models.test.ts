import { afterEach, describe, expect, it } from 'vitest';
import { listServedModels, missingModels, readModelList, requestModel } from './models';
import { startFakeVllm, type FakeVllm } from './fake-vllm';
import { startSimServer, type SimServer } from '../sim/server';

const closers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((server) => server.close()));
});

describe('listServedModels', () => {
  it("lists vLLM's base model and its LoRA adapters, told apart by parent", async () => {
    const server: FakeVllm = await startFakeVllm({ template: 'native', adapters: ['lint', 'docstring'] });
    closers.push(server);
    const listed = await listServedModels(server.url);
    expect(listed).toEqual({
      ok: true,
      simulated: false,
      models: [
        {
          id: 'google/functiongemma-270m-it',
          kind: 'base',
          parent: null,
          root: 'google/functiongemma-270m-it',
          maxModelLen: 32768,
          ownedBy: 'vllm',
        },
        {
          id: 'lint',
          kind: 'adapter',
          parent: 'google/functiongemma-270m-it',
          root: '/adapters/lint',
          maxModelLen: null,
          ownedBy: 'vllm',
        },
        {
          id: 'docstring',
          kind: 'adapter',
          parent: 'google/functiongemma-270m-it',
          root: '/adapters/docstring',
          maxModelLen: null,
          ownedBy: 'vllm',
        },
      ],
    });
  });

  it("lists the simulator's adapters the same way and marks it simulated", async () => {
    const sim: SimServer = await startSimServer({ port: 0, adapters: ['lint-lora'] });
    closers.push(sim);
    const listed = await listServedModels(sim.url);
    if (!listed.ok) throw new Error(listed.error);
    expect(listed.simulated).toBe(true);
    expect(listed.models.map((model) => [model.id, model.kind, model.parent])).toEqual([
      ['functiongemma-270m-it-sim', 'base', null],
      ['lint-lora', 'adapter', 'functiongemma-270m-it-sim'],
    ]);
  });

  it('reports an unreachable server as a value', async () => {
    const server = await startFakeVllm({ template: 'native' });
    const url = server.url;
    await server.close();
    const listed = await listServedModels(url, { timeoutMs: 2000 });
    expect(listed).toMatchObject({ ok: false, error: expect.stringContaining('cannot reach') });
  });
});

describe('model names', () => {
  it('reads only entries with an id, and treats an entry that is its own parent as a base model', () => {
    expect(readModelList({ data: [{ id: 'a', parent: 'a' }, { object: 'model' }, 'x'] })).toEqual([
      { id: 'a', kind: 'base', parent: 'a', root: null, maxModelLen: null, ownedBy: null },
    ]);
    expect(readModelList('nonsense')).toEqual([]);
  });

  it("sends a variant's model over the agent's adapter over the endpoint's model", () => {
    expect(requestModel('base')).toBe('base');
    expect(requestModel('base', 'lint')).toBe('lint');
    expect(requestModel('base', 'lint', 'lint-v2')).toBe('lint-v2');
  });

  it('names the models asked for that the server does not offer', () => {
    const served = readModelList({ data: [{ id: 'base' }, { id: 'lint', parent: 'base' }] });
    expect(missingModels(['lint', 'docstring', 'lint'], served)).toEqual(['docstring']);
  });
});
