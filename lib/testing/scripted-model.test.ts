import { describe, expect, it } from 'vitest';
import { assertScriptsComplete, contentAnswer, ScriptedModelClient, structuredCall } from './scripted-model';

const request = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }] };

describe('ScriptedModelClient.assertComplete', () => {
  it('passes once every scripted turn was asked for', async () => {
    const client = new ScriptedModelClient([contentAnswer('one')]);
    await client.complete(request);
    expect(() => client.assertComplete()).not.toThrow();
  });

  it('names the turns never asked for, so a conversation that ended early fails its test', async () => {
    const client = new ScriptedModelClient([structuredCall('a', {}), contentAnswer('two'), contentAnswer('three')]);
    await client.complete(request);
    expect(() => client.assertComplete()).toThrow(
      'scripted model: 2 scripted turns were never asked for (1 request came)',
    );
    expect(() => assertScriptsComplete()).toThrow(/2 scripted turns were never asked for/);
    // Checked once: the next test starts with no client of this one's.
    expect(() => assertScriptsComplete()).not.toThrow();
  });
});
