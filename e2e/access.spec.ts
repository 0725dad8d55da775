// Listening on an address other than loopback, the panel requires REMORA_TOKEN. This test starts a
// second panel (the same build) on 0.0.0.0 with a token and a throw-away database.
import { expect, test } from './fixtures';
import { startSecondPanel, type SecondPanel } from './second-panel';

const TOKEN = `e2e-${Math.random().toString(36).slice(2)}`;
let panel: SecondPanel;
let origin: string;

test.beforeAll(async () => {
  panel = await startSecondPanel({ host: '0.0.0.0', env: { HOST: '0.0.0.0', REMORA_TOKEN: TOKEN } });
  origin = panel.origin;
});

test.afterAll(async () => {
  await panel?.stop();
});

test('without the token nothing but the health check answers', async ({ request }) => {
  const api = await request.get(`${origin}/api/agents`);
  expect(api.status(), panel.output()).toBe(401);
  expect((await api.json()).error).toMatch(/needs its token/);
  expect((await request.get(`${origin}/`)).status()).toBe(401);
  expect((await request.get(`${origin}/api/agents`, { headers: { authorization: 'Bearer wrong' } })).status()).toBe(
    401,
  );
  expect((await request.get(`${origin}/?token=wrong`, { maxRedirects: 0 })).status()).toBe(401);
});

test('a bearer token opens the API', async ({ request }) => {
  const response = await request.get(`${origin}/api/agents`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status()).toBe(200);
  expect((await response.json()).agents.map((agent: { name: string }) => agent.name)).toContain('harness');
});

test('visiting /?token= once keeps the token in a cookie for the browser', async ({ page }) => {
  await page.goto(`${origin}/?token=${TOKEN}`);
  await expect(page).toHaveURL(`${origin}/`);
  await expect(page.getByTestId('agents')).toBeVisible();
  const cookies = await page.context().cookies(origin);
  const cookie = cookies.find((candidate) => candidate.name === 'remora_token');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
  // The cookie holds a digest, not the token itself.
  expect(cookie?.value).not.toContain(TOKEN);
  await page.goto(`${origin}/experiments/new`);
  await expect(page.getByTestId('new-experiment-form')).toBeVisible();
  const api = await page.request.get(`${origin}/api/experiments`);
  expect(api.status()).toBe(200);
});
