import '@testing-library/jest-dom';

// jsdom does not scroll; the router's ScrollRestoration calls this on every navigation.
window.scrollTo = () => {};
