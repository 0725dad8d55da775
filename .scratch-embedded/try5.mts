import { EmbeddedEngine } from '../lib/embedded/engine';
import { ModelRegistry } from '../lib/embedded/model-registry';
const registry = new ModelRegistry();
const engine = new EmbeddedEngine({ ggufPath: '/tmp/emb/tiny-p.gguf', registry, settings: { threads: 1, sequences: 2 } });
for (const temperature of [0, 1]) {
const r = await engine.complete({ model: 'x', messages: [{ role: 'user', content: 'hi' }], temperature, max_tokens: 5, seed: 3 });
console.log(temperature, r.ok && JSON.stringify(r.body.remora.tokens));
}
await registry.close();
