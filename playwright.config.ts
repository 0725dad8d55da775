import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { E2E_PORT, E2E_WORKERS, panelOrigin } from './e2e/panels';

// Debian's Chromium (Playwright's own browser download is not reachable here): its headless shell
// (package chromium-headless-shell, the old headless mode that Playwright itself runs headless tests
// in) when installed, as it spends a third less CPU than the full browser on the same pages;
// else the full browser. REMORA_CHROMIUM points elsewhere, or set it empty to use Playwright's own.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const executablePath =
  process.env.REMORA_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'e2e',
  // A spec file's tests run in order on one worker; files are spread over the workers, each with
  // its own panel (e2e/panels.ts).
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  // Patience, not a threshold: on a loaded machine (CI shares its cores) a page and an experiment take
  // several times longer than alone. A failure is still a failure; it is just given time to pass.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // scripts/test-all.sh runs the browser and load projects apart, each with its own report.
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? 'test-results/e2e.json' }]],
  // Playwright empties its output folder at start; a folder of its own keeps the unit report
  // (test-results/unit.json, written just before by scripts/test-all.sh) in place, and E2E_OUTPUT
  // gives the load project, run beside the browser one, another.
  outputDir: process.env.E2E_OUTPUT ?? 'test-results/playwright',
  projects: [
    { name: 'browser', testIgnore: /experiments-large\.spec\.ts$/ },
    // Thousands of conversations in one run: a load test, run by CI and reported apart.
    { name: 'load', testMatch: /experiments-large\.spec\.ts$/ },
  ],
  // No baseURL here: the fixture of that name (e2e/fixtures.ts) gives each worker its own panel.
  use: {
    launchOptions: {
      executablePath: executablePath || undefined,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => ({
    command: `bash scripts/e2e-server.sh ${E2E_PORT + index}`,
    url: `${panelOrigin(index)}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
