import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestApp } from './testApp';

/** A built SPA's index.html, as small as the server accepts. */
const INDEX_HTML =
  '<!doctype html><html><head><meta name=description content="x"><title>Store</title></head>' +
  '<body><div id=root></div></body></html>';

/**
 * A built SPA in a temporary folder (start the app with it as `spaDir`; remove it when done)
 * whose server renderer is `renderer`: the source of a stand-in for the webpack-built
 * dist/server/renderPage.js.
 */
export function standInSpa(prefix: string, renderer: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.mkdirSync(path.join(dir, 'server'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dir, 'server', 'renderPage.js'), renderer);
  fs.writeFileSync(path.join(dir, 'server', 'page-chunks.json'), '{}');
  return dir;
}

/** Which render of the stand-in answered `url`: its body says `render N`. */
export async function renderNumber(t: TestApp, url: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url });
  return Number(/render (\d+)/.exec(res.body)?.[1]);
}
