// Next calls register() once per server process before it takes requests. The panel's server side
// (database, agents import, built-in simulator, job runner and resume) starts here, in the Node.js
// runtime only; the imports are dynamic so that none of it reaches an edge bundle.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startPanel } = await import('./lib/panel/runtime');
  await startPanel();
}
