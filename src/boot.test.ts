import { waitFor } from '@testing-library/react';

const startApp = jest.fn(async () => undefined);
jest.mock('./startApp', () => ({ startApp }));

const preloadedScripts = () =>
  [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].map((link) =>
    link.getAttribute('href'),
  );

/** The frames the page asked for, painted when the test says. */
let frames: FrameRequestCallback[] = [];
const paint = () => frames.splice(0).forEach((callback) => callback(performance.now()));

beforeEach(() => {
  jest.resetModules();
  startApp.mockClear();
  document.head.innerHTML = '';
  frames = [];
  window.requestAnimationFrame = (callback) => frames.push(callback);
});

it('fetches the page scripts the server named and starts the app once the page is painted', async () => {
  document.head.innerHTML =
    '<meta name="page-scripts" content="/static/js/login.1.chunk.js /static/js/vendors.2.chunk.js">';
  await import('./boot');
  // Nothing before the first frame: the server's HTML paints alone.
  expect(preloadedScripts()).toEqual([]);
  expect(startApp).not.toHaveBeenCalled();
  // Nor once it is drawn: only when the next frame begins is it sure to be on screen.
  paint();
  await Promise.resolve();
  expect(frames).toHaveLength(1);
  expect(preloadedScripts()).toEqual([]);

  paint();
  await waitFor(() => expect(startApp).toHaveBeenCalledTimes(1));
  expect(preloadedScripts()).toEqual([
    '/static/js/login.1.chunk.js',
    '/static/js/vendors.2.chunk.js',
  ]);
});

it('starts the app on a page the server did not render (no scripts named)', async () => {
  await import('./boot');
  paint();
  paint();
  await waitFor(() => expect(startApp).toHaveBeenCalledTimes(1));
  expect(preloadedScripts()).toEqual([]);
});
