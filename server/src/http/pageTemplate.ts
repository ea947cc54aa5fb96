import { SERVER_STATE_ID, type RenderedPage } from '../contract/renderedPages';

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="?description"? content=(?:"[^"]*"|[^\s>]+)\s*\/?>/;
const ROOT = /<div id="?root"?><\/div>/;
const NO_SCRIPT = /<noscript>[\s\S]*?<\/noscript>/;
const HEAD_END = '</head>';
/** The webpack chunk of the app itself, which the entry (src/boot.ts) loads. */
const APP_CHUNK = 'app';

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
   * The scripts of a page chunk that the entry does not already load, fetched early. Preloaded,
   * not script elements: webpack would adopt a script element of the same address and wait for
   * it, even when it had failed, instead of loading the chunk again.
   */
  private scriptsOf(chunk: string, picture: boolean): string {
    const entry = new Set(this.chunkFiles.main ?? []);
    // The app's chunk (src/boot.ts): a page whose largest paint is a picture lets the entry
    // fetch it once the picture is painted; any other page fetches it at once, beside the entry.
    const app = picture ? [] : (this.chunkFiles[APP_CHUNK] ?? []);
    return [...new Set([...app, ...(this.chunkFiles[chunk] ?? [])])]
      .filter((file) => !entry.has(file))
      .map((file) => `<link rel="preload" as="script" href="/${file}">`)
      .join('');
  }

  fill(page: RenderedPage): string {
    const description = page.description
      ? `<meta name="description" content="${escapeHtml(page.description)}">`
      : null;
    const preload = page.preloadImage
      ? `<link rel="preload" as="image" href="${escapeHtml(page.preloadImage)}" fetchpriority="high">`
      : '';
    return this.html
      .replace(TITLE, () => `<title>${escapeHtml(page.title)}</title>`)
      .replace(DESCRIPTION, (original) => description ?? original)
      .replace(
        HEAD_END,
        () =>
          `${preload}${page.styles}${this.scriptsOf(page.chunk, Boolean(page.preloadImage))}${HEAD_END}`,
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
