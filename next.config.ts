import type { NextConfig } from 'next';
import { LIMITS } from './lib/protocol/limits';

const config: NextConfig = {
  // Native modules, wasm loaders and esbuild (a binary; the tool pool bundles tools with it when compiled) are required
  // at run time, not bundled.
  serverExternalPackages: [
    'better-sqlite3',
    'web-tree-sitter',
    'tree-sitter-python',
    '@astral-sh/ruff-wasm-nodejs',
    'node-llama-cpp',
    'esbuild',
  ],
  poweredByHeader: false,
  // The test command type-checks in its own step beside the build (scripts/typecheck.mjs); everyone
  // else's build checks types as usual.
  typescript: { ignoreBuildErrors: process.env.REMORA_SKIP_BUILD_TYPECHECK === '1' },
  // The proxy (proxy.ts) sees every request; bodies past this size would reach the routes cut
  // short. The request carrying a dataset file may be as large as the limits table allows.
  experimental: {
    proxyClientMaxBodySize: LIMITS.datasetRequestBytes.max,
    // A CI build starts from a fresh clone and is never rebuilt, so Turbopack's build cache (on by
    // default) would only be written, never read: over a minute of a 2-core machine's time.
    turbopackFileSystemCacheForBuild: process.env.CI !== 'true',
    // Minifying the server's code took half the build's CPU (each route bundles its own copy of lib/):
    // 125 s -> 65 s of CPU without it. The server's code is never sent to a browser, and unminified it
    // keeps its names in stack traces; the browser's code is still minified.
    serverMinification: false,
    // Each route's server chunk carries that copy of lib/ (55 chunks of 2.1 MB): loading them all when the
    // server starts was 1.6 s of its 2.7 s of start-up CPU, paid again by every panel the browser tests
    // start. A route's chunk now loads on its first request instead (about 25 ms, once).
    preloadEntriesOnStart: false,
  },
  // No other site may show the panel in a frame (clickjacking): the old header and the CSP one.
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Content-Security-Policy', value: "frame-ancestors 'none'" },
        ],
      },
    ];
  },
  // Lets two builds (say, two people's browser tests) live side by side in one checkout.
  distDir: process.env.NEXT_DIST_DIR || '.next',
};

export default config;
