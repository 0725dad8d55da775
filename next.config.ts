import type { NextConfig } from 'next';

const config: NextConfig = {
  // Native modules and wasm loaders must be required at run time, not bundled.
  serverExternalPackages: ['better-sqlite3', 'web-tree-sitter', 'tree-sitter-python', '@astral-sh/ruff-wasm-nodejs', 'node-llama-cpp'],
  poweredByHeader: false,
  // Lets two builds (say, two people's browser tests) live side by side in one checkout.
  distDir: process.env.NEXT_DIST_DIR || '.next',
};

export default config;
