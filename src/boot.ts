/**
 * The entry: a few hundred bytes that start the app (startApp.ts, its own chunk) once the page's
 * largest picture is on screen. A page whose largest paint is a picture (the landing page's hero,
 * a product's photo) has the server preload it (pageTemplate.ts); until it is painted the app's
 * 150 KB would only compete with it for a phone's bandwidth, and the page reads without them
 * (it came rendered from the server). Other pages, which the server tells to preload the app
 * chunk instead, start it at once.
 */

/** The picture the server preloaded for this page, if any. */
const largestPicture = () =>
  document.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]')?.href ?? null;

/** Resolves once `src` has loaded (or failed), or after `timeoutMs`, and a frame has painted it. */
async function painted(src: string, timeoutMs = 3000): Promise<void> {
  await new Promise<void>((resolve) => {
    const picture = new Image();
    picture.onload = () => resolve();
    picture.onerror = () => resolve();
    picture.src = src;
    setTimeout(resolve, timeoutMs);
  });
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

const loadApp = () => import(/* webpackChunkName: "app" */ './startApp');

async function boot() {
  const picture = largestPicture();
  if (picture) await painted(picture);
  // Tried twice, as page chunks are (retryImport.ts); without it the server's HTML still reads.
  const { startApp } = await loadApp().catch(loadApp);
  await startApp();
}

void boot();
