import fs from 'node:fs';
import path from 'node:path';
import { noScriptCopy } from './noScriptCopy';

describe("the bare app's page without JavaScript (public/index.html)", () => {
  const html = fs.readFileSync(path.join(__dirname, '../../public/index.html'), 'utf8');
  const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? '';

  it("says copy.noScript's words, word for word", () => {
    expect(noscript).toContain(`<h1>${noScriptCopy.heading}</h1>`);
    expect(noscript.replace(/\s+/g, ' ')).toContain(noScriptCopy.text);
  });

  it('links to the public pages, with the navbar and footer of the store', () => {
    for (const href of ['/', '/shop', '/about', '/review', '/portfolio']) {
      expect(noscript).toContain(`href="${href}"`);
    }
    expect(noscript).toMatch(/<header[\s\S]*<main[\s\S]*<footer/);
  });

  it('is the one <noscript> (PageTemplate drops the first for server-rendered pages)', () => {
    expect(html.match(/<noscript>/g)).toHaveLength(1);
  });
});
