import type { CSSProperties } from 'react';
import { ToastContainer } from 'react-toastify';
import { theme } from '../ui/theme';

// Toasts in the store's ink: the library's grey is 4.6:1 on white, under 4.5 while one fades in,
// which a check of contrast can catch.
const inkText = { '--toastify-text-color-light': theme.colors.ink } as CSSProperties;

/** The spec's toasts: top-right, gone after 5 seconds. Its own chunk, loaded after first paint. */
export function Toasts() {
  return <ToastContainer position="top-right" autoClose={5000} style={inkText} />;
}
