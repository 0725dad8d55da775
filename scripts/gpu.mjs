// `npm run gpu -- cuda|vulkan|off`: installs (or removes) node-llama-cpp's GPU binaries, which the
// default install leaves out (about 540 MB for CUDA, 70 MB for Vulkan). They go into gpu/, where the
// stand-in packages of packages/gpu-optional/ find them; REMORA_GPU then picks the backend.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folder = path.join(root, 'gpu');
const platform = process.platform === 'win32' ? 'win' : process.platform;
const PACKAGES = { cuda: ['x64-cuda', 'x64-cuda-ext'], vulkan: ['x64-vulkan'] };

const choice = process.argv[2];
if (choice === 'off') {
  rmSync(folder, { recursive: true, force: true });
  console.log('GPU binaries removed: the embedded engine runs on the CPU (unset REMORA_GPU).');
  process.exit(0);
}
if (!(choice in PACKAGES)) {
  console.error('usage: npm run gpu -- cuda|vulkan|off');
  process.exit(2);
}
if (!['linux', 'win'].includes(platform) || process.arch !== 'x64') {
  const mac = process.platform === 'darwin' ? ' (on a Mac, Metal comes with the default install)' : '';
  console.error(`node-llama-cpp has no ${choice} binaries for ${process.platform}-${process.arch}${mac}`);
  process.exit(2);
}
// The binaries must be the exact version of the binding, or node-llama-cpp ignores them.
const { version } = JSON.parse(readFileSync(path.join(root, 'node_modules', 'node-llama-cpp', 'package.json'), 'utf8'));
const dependencies = Object.fromEntries(
  PACKAGES[choice].map((suffix) => [`@node-llama-cpp/${platform}-${suffix}`, version]),
);
mkdirSync(folder, { recursive: true });
const description = 'node-llama-cpp GPU binaries, installed by npm run gpu';
writeFileSync(
  path.join(folder, 'package.json'),
  `${JSON.stringify({ private: true, description, dependencies }, null, 2)}\n`,
);
console.log(`installing ${Object.keys(dependencies).join(', ')} ${version} into gpu/ ...`);
const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock'], {
  cwd: folder,
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
if (npm.status !== 0) process.exit(npm.status ?? 1);
const missing = Object.keys(dependencies).filter(
  (name) => !existsSync(path.join(folder, 'node_modules', name, 'package.json')),
);
if (missing.length > 0) {
  console.error(`npm did not install ${missing.join(', ')}`);
  process.exit(1);
}
console.log(`done. Run with REMORA_GPU=${choice} to use it (the embedded engine, \`serve\` and --gguf).`);
