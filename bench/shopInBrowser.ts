/**
 * `/shop` as a shopper's browser sees it: how long until the first product cards are on screen
 * (fresh browser context each run: nothing cached), and how smoothly the page scrolls after.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM } from './lighthouse';
import { summarize, type Summary } from './stats';

export interface ShopFigures {
  /** From navigation start until the first card of the product grid has a size on screen. */
  firstCardsMs: Summary;
  /** The longest gap between two frames while scrolling to the bottom and back. */
  longestScrollFrameMs: Summary;
}

const FIRST_CARD = '[aria-label="Products"] > li';

// A string, not a function: tsx would wrap a function's inner helpers in its own `__name`,
// which does not exist in the page.
const RECORD_FRAME_GAPS = `(() => {
  const gaps = (window.frameGaps = []);
  let last = performance.now();
  const tick = (now) => {
    gaps.push(now - last);
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

export async function measureShop(baseUrl: string, runs: number): Promise<ShopFigures> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const firstCards: number[] = [];
  const longestFrames: number[] = [];
  try {
    for (let i = 0; i < runs; i += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/shop`, { waitUntil: 'commit' });
      const shownAt = await page.waitForFunction(
        (selector) => {
          const card = document.querySelector(selector);
          return card && card.getBoundingClientRect().height > 0 ? performance.now() : false;
        },
        FIRST_CARD,
        { polling: 'raf', timeout: 30_000 },
      );
      firstCards.push((await shownAt.jsonValue()) as number);

      await page.evaluate(RECORD_FRAME_GAPS);
      for (const direction of [1, -1]) {
        for (let step = 0; step < 30; step += 1) {
          await page.mouse.wheel(0, direction * 400);
          await page.waitForTimeout(16);
        }
      }
      const gaps = (await page.evaluate('window.frameGaps')) as number[];
      // The first gap spans the set-up, not a frame.
      longestFrames.push(Math.max(...gaps.slice(1)));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return {
    firstCardsMs: summarize(firstCards),
    longestScrollFrameMs: summarize(longestFrames),
  };
}
