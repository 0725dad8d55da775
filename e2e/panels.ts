// The browser tests run on E2E_WORKERS Playwright workers (2 by default; 1 for the load project), and
// each worker has a panel of its own: its own port and throw-away database (scripts/e2e-server.sh),
// so a spec that counts experiments or lists never sees another worker's appear. Worker n's panel
// listens on E2E_PORT + n; playwright.config.ts starts them, the `baseURL` fixture picks one.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3310);
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/** The panel of the worker with this parallel index (0 .. E2E_WORKERS - 1). */
export function panelOrigin(parallelIndex: number): string {
  if (!Number.isInteger(parallelIndex) || parallelIndex < 0 || parallelIndex >= E2E_WORKERS) {
    throw new Error(`no panel for worker ${parallelIndex}: E2E_WORKERS=${E2E_WORKERS} panels were started`);
  }
  return `http://127.0.0.1:${E2E_PORT + parallelIndex}`;
}
