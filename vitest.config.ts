import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./', import.meta.url)),
      // The database and job-runner modules say `import 'server-only'`; outside Next it is the empty module.
      'server-only': fileURLToPath(new URL('./node_modules/server-only/empty.js', import.meta.url)),
    },
  },
  test: {
    include: ['lib/**/*.test.ts', 'agents/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // The tests that spawn the command line run its compiled build: compile it once, up front.
    globalSetup: ['test/build-cli.ts'],
    pool: 'forks',
    testTimeout: 20000,
  },
});
