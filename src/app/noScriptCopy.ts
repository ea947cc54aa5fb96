/**
 * What a page that runs only in the browser (signing in aside: the bag, checkout, the
 * dashboard) says without JavaScript. It is static HTML in public/index.html's `<noscript>`, not
 * in the SPA's bundle; src/app/noScriptPage.test.ts keeps the two the same.
 */
export const noScriptCopy = {
  heading: 'This page needs JavaScript',
  text:
    'Your bag, checkout and your dashboard run in the browser: turn JavaScript on, then ' +
    'reload this page. These pages work without it:',
};
