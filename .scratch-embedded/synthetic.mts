import { writeTinyModel } from '../lib/gguf/tiny-model';
const info = await writeTinyModel('/tmp/emb/synthetic-270m-shape.gguf', { seed: 1, embeddingLength: 640, blockCount: 18, headCount: 4, headCountKv: 1, feedForwardLength: 2048, tokenPriors: { '<escape>': 8, ']': 6, '}': 4 }, name: 'synthetic-gemma3-270m-shape' });
console.log(info.bytes);
