/**
 * The entry: about 3 KB that start the app (startApp.ts, its own chunk) once the page is
 * painted: its largest picture when it has one (the landing page's hero, a product's photo, which
 * the server preloads: pageTemplate.ts), else its first frame. Until then the app's 150 KB and
 * the page's own chunk would only compete with that paint for a phone's bandwidth, and the page
 * reads without them (it came rendered from the server). Then the app and the page's scripts,
 * which the server names in a meta tag, are fetched side by side.
 */
import { PAGE_SCRIPTS_META } from '@contract/renderedPages';
import { keepWhatIsDoneBeforeHydration } from './shared/loading/beforeHydration';

/** The picture the server preloaded for this page, if any. */
const largestPicture = () =>
  document.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]')?.href ?? null;

/**
 * Resolves once the next frame is on screen, not only drawn: after the frame after it has begun
 * (the server's HTML, or the picture). A script started as soon as the frame was drawn could
 * still arrive before it was shown, and Lighthouse charged it to the largest paint (one run in
 * about twenty). The browser's own report of that paint (a `largest-contentful-paint` entry)
 * comes to a page late, when it is idle: up to half a second later while loading.
 */
const shown = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );

/** Resolves once `src` has loaded (or failed), or after `timeoutMs`, and a frame has shown it. */
async function painted(src: string, timeoutMs = 3000): Promise<void> {
  await new Promise<void>((resolve) => {
    const picture = new Image();
    picture.onload = () => resolve();
    picture.onerror = () => resolve();
    picture.src = src;
    setTimeout(resolve, timeoutMs);
  });
  await shown();
}

/**
 * Starts fetching the page's own scripts, so the app finds them when its route asks. Preloaded,
 * not script elements: webpack would adopt a script element of the same address and wait for it,
 * even when it had failed, instead of loading the chunk again.
 */
function fetchPageScripts() {
  const names = document.querySelector<HTMLMetaElement>(`meta[name="${PAGE_SCRIPTS_META}"]`);
  for (const href of names?.content.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'script');
    link.href = href;
    document.head.append(link);
  }
}

const loadApp = () => import(/* webpackChunkName: "app" */ './startApp');

async function boot() {
  void keepWhatIsDoneBeforeHydration();
  const picture = largestPicture();
  await (picture ? painted(picture) : shown());
  fetchPageScripts();
  // Tried twice, as page chunks are (retryImport.ts); without it the server's HTML still reads.
  const { startApp } = await loadApp().catch(loadApp);
  await startApp();
}

void boot();
