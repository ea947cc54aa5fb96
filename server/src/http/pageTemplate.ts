import {
  PAGE_SCRIPTS_META,
  SERVER_STATE_ID,
  type RenderedPage,
} from '../../../contract/renderedPages';

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="?description"? content=(?:"[^"]*"|[^\s>]+)\s*\/?>/;
const ROOT = /<div id="?root"?><\/div>/;
const NO_SCRIPT = /<noscript>[\s\S]*?<\/noscript>/;
const HEAD_END = '</head>';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char,
  );

/**
 * The built `index.html` with a server-rendered page put into it: the page's title and
 * description, its styles and its chunk's scripts in the head, its HTML in `#root` followed by
 * the data it rendered with. The "needs JavaScript" notice goes: the page reads without it.
 */
export class PageTemplate {
  constructor(
    private readonly html: string,
    /** Chunk name → script files (webpack's named chunk groups). */
    private readonly chunkFiles: Record<string, string[]>,
  ) {
    for (const [part, pattern] of Object.entries({ TITLE, DESCRIPTION, ROOT })) {
      if (!pattern.test(html)) throw new Error(`index.html has no ${part.toLowerCase()} to fill`);
    }
    if (!html.includes(HEAD_END)) throw new Error('index.html has no </head>');
  }

  /**
   * The scripts of a page chunk that the entry does not already load, named for the entry to
   * fetch once the page is painted (src/boot.ts). Not preloaded from the head: a script that
   * arrives before the largest paint competes with it for a phone's bandwidth, and a lab's
   * simulated load counts it into that paint (Lighthouse's LCP, which was bimodal for it).
   */
  private scriptsOf(chunk: string): string {
    const entry = new Set(this.chunkFiles.main ?? []);
    const files = [...new Set(this.chunkFiles[chunk] ?? [])].filter((file) => !entry.has(file));
    if (files.length === 0) return '';
    const content = files.map((file) => `/${file}`).join(' ');
    return `<meta name="${PAGE_SCRIPTS_META}" content="${escapeHtml(content)}">`;
  }

  fill(page: RenderedPage): string {
    const description = page.description
      ? `<meta name="description" content="${escapeHtml(page.description)}">`
      : null;
    const robots = page.noindex ? '<meta name="robots" content="noindex">' : '';
    const preload = page.preloadImage
      ? `<link rel="preload" as="image" href="${escapeHtml(page.preloadImage)}" fetchpriority="high">`
      : '';
    return this.html
      .replace(TITLE, () => `<title>${escapeHtml(page.title)}</title>`)
      .replace(DESCRIPTION, (original) => description ?? original)
      .replace(
        HEAD_END,
        () => `${robots}${preload}${page.styles}${this.scriptsOf(page.chunk)}${HEAD_END}`,
      )
      .replace(NO_SCRIPT, '')
      .replace(
        ROOT,
        () =>
          `<div id="root">${page.body}</div>` +
          `<script type="application/json" id="${SERVER_STATE_ID}">${page.state}</script>`,
      );
  }
}
