// Next calls register() once per server process before it takes requests. The panel's server side
// (database, agents import, built-in simulator, job runner and resume) starts here, in the Node.js
// runtime only; the imports are dynamic so that none of it reaches an edge bundle.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // First, before the panel starts: from here on every request carries its socket's facts, which
  // the access rules (proxy.ts) decide on.
  const { installSocketFacts } = await import('./lib/http/socket-facts');
  installSocketFacts();
  const { startPanel } = await import('./lib/panel/runtime');
  await startPanel();
}
