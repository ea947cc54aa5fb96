import { forgetGuestBrowser, guestBrowserId } from './guestKeys';

const issuedId = (n: number) => `${String(n).padStart(22, 'a')}.${'b'.repeat(43)}`;

afterEach(() => localStorage.clear());

it("asks the store for this browser's guest id once, keeps it, and asks again once forgotten", async () => {
  let issued = 0;
  const issue = async () => issuedId((issued += 1));
  // An id the browser made up before ids were issued is not sent.
  localStorage.setItem('guestBrowser', 'made-up-by-the-browser-0123');
  expect(await guestBrowserId(issue)).toBe(issuedId(1));
  expect(await guestBrowserId(issue)).toBe(issuedId(1));
  expect(localStorage.getItem('guestBrowser')).toBe(issuedId(1));
  forgetGuestBrowser();
  expect(await guestBrowserId(issue)).toBe(issuedId(2));
  expect(issued).toBe(2);
});
