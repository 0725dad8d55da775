import { getLlama, LlamaLogLevel } from 'node-llama-cpp';
import { renderPrompt } from '../lib/functiongemma/render';
const llama = await getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.warn });
console.log('cpuMathCores', llama.cpuMathCores, 'maxThreads', llama.maxThreads);
const model = await llama.loadModel({ modelPath: '/tmp/emb/tiny.gguf' });
const prompt = renderPrompt({ messages: [{ role: 'user', content: 'Hi there, weather in Tokyo?' }], tools: [{ type: 'function', function: { name: 'get_weather', description: 'd', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }] });
const tokens = model.tokenize(prompt, true);
for (const threads of [1, 2]) {
  const context = await model.createContext({ sequences: 1, contextSize: 2048, threads });
  const seq = context.getSequence();
  const out: number[] = [];
  let t1 = performance.now(); let first = 0;
  for await (const r of seq.evaluateWithMetadata(tokens, { confidence: true }, { temperature: 0 })) { if (!first) first = performance.now() - t1; out.push(r.token); if (out.length >= 30) break; }
  console.log('threads', threads, 'prompt ms', first.toFixed(1), 'total', (performance.now() - t1).toFixed(1));
  await context.dispose();
}
