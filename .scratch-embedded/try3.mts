import { getLlama, LlamaLogLevel, LlamaGrammarEvaluationState } from 'node-llama-cpp';
import { renderPrompt } from '../lib/functiongemma/render';
import { buildCallGrammar } from '../lib/embedded/native-grammar';
import { decodeNativeCalls } from '../lib/functiongemma/native-decode';
import { writeTinyModel } from '../lib/gguf/tiny-model';
await writeTinyModel('/tmp/emb/tiny-p.gguf', { seed: 3, tokenPriors: { '<escape>': 8, ']': 6, '}': 4 } });
const llama = await getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.warn });
const model = await llama.loadModel({ modelPath: '/tmp/emb/tiny-p.gguf' });
const tools = [
 { type: 'function' as const, function: { name: 'get_weather', description: 'd', parameters: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' }, metric: { type: 'boolean' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] }, tags: { type: 'array', items: { type: 'string' } } }, required: ['city', 'unit'] } } },
 { type: 'function' as const, function: { name: 'submit_result', description: 'd', parameters: { type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'] } } },
];
const id = (t: string) => { const r = model.tokenize(t, true); if (r.length !== 1) throw new Error(t); return r[0]; };
const text = buildCallGrammar(tools, { startFunctionCall: id('<start_function_call>'), endFunctionCall: id('<end_function_call>'), escape: id('<escape>') })!;
console.log(text);
const grammar = await llama.createGrammar({ grammar: text });
const prompt = renderPrompt({ messages: [{ role: 'user', content: 'Weather in Tokyo?' }], tools });
const tokens = model.tokenize(prompt, true);
const context = await model.createContext({ sequences: 1, contextSize: 2048, threads: 1 });
const seq = context.getSequence();
const stop = new Set([id('<end_function_call>'), id('<start_function_response>'), id('<end_of_turn>')]);
for (let i = 0; i < 24; i++) {
  await seq.clearHistory();
  const state = new LlamaGrammarEvaluationState({ model, grammar });
  const out: number[] = [];
  const t = performance.now();
  for await (const r of seq.evaluateWithMetadata(tokens, { confidence: true }, { temperature: 1, seed: i, topK: 0, topP: 1, grammarEvaluationState: state, yieldEogToken: true })) { out.push(r.token); if (stop.has(r.token) || out.length >= 300) break; }
  const raw = model.detokenize(out, true);
  const d = decodeNativeCalls(raw);
  console.log(out.length, (performance.now()-t).toFixed(0), JSON.stringify(raw), JSON.stringify(d.calls), d.error);
}
