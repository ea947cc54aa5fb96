import { createGlobalStyle } from 'styled-components';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.body};
    color: ${({ theme }) => theme.colors.ink};
    background: ${({ theme }) => theme.colors.background};
    line-height: 1.5;
  }
  h1, h2, h3 { font-family: ${({ theme }) => theme.fonts.heading}; line-height: 1.2; }
  img { max-width: 100%; display: block; }
  a { color: inherit; }
  ::selection { background: ${({ theme }) => theme.colors.accentSoft}; color: ${({ theme }) => theme.colors.ink}; }
  /* A modal is open: the page behind it stays put. */
  html:has(dialog[open]) { overflow: hidden; }
  :focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
    /* A toast's progress bar is its timer: cut short, every toast would vanish at once. */
    .Toastify__progress-bar { animation-duration: 5000ms !important; }
  }
`;
