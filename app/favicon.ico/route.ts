// GET /favicon.ico: browsers and tools ask for it whatever the page's <link rel="icon"> says; they get
// the panel's own icon (app/icon.svg) rather than a 404 in the log.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const dynamic = 'force-static';

export async function GET(): Promise<Response> {
  const icon = await readFile(path.join(process.cwd(), 'app', 'icon.svg'));
  return new Response(icon, {
    headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' },
  });
}
