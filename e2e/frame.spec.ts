// A page of another site must not be able to show the panel inside an iframe (clickjacking): the
// panel answers with X-Frame-Options: DENY and a CSP frame-ancestors 'none', so the browser does not
// render it there. The other site is a small server on another port of this machine (another
// origin; on loopback so that Chromium's local-network protection is not what blocks the frame),
// with a frame of its own that shows frames do render in this set-up.
import { expect, test } from './fixtures';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

let attacker: Server;
let attackerOrigin = '';

test.beforeAll(async ({ baseURL }) => {
  attacker = createServer((request, response) => {
    response.setHeader('content-type', 'text/html');
    if (request.url === '/plain') return response.end('<p id="plain">a frame of the same site</p>');
    response.end(`<!doctype html><body>
      <iframe id="control" src="/plain" onload="document.body.dataset.control = 'loaded'"></iframe>
      <iframe id="panel" src="${baseURL}/" width="1200" height="800"
        onload="document.body.dataset.panel = 'loaded'"></iframe>
    </body>`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => attacker?.close(resolve));
});

test('the panel does not render inside an iframe of another origin', async ({ page, baseURL }) => {
  await page.goto(`${attackerOrigin}/`);
  await expect(page.locator('body')).toHaveAttribute('data-control', 'loaded');
  await expect(page.frameLocator('#control').locator('#plain')).toHaveText('a frame of the same site');
  await expect(page.locator('body')).toHaveAttribute('data-panel', 'loaded');
  // Blocked by the browser: the frame holds an error page, never the panel's content.
  const panelFrame = page.frames().find((frame) => frame !== page.mainFrame() && !frame.url().endsWith('/plain'));
  expect(panelFrame?.url()).toBe('chrome-error://chromewebdata/');
  await expect(page.frameLocator('#panel').getByTestId('agents')).toHaveCount(0);

  // What the browser acted on: both headers, on pages and on the API alike.
  for (const pathname of ['/', '/api/agents']) {
    const direct = await page.request.get(`${baseURL}${pathname}`);
    expect(direct.headers()['x-frame-options']).toBe('DENY');
    expect(direct.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  }
});
