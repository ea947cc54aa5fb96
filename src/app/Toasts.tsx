import { ToastContainer } from 'react-toastify';

/** The spec's toasts: top-right, gone after 5 seconds. Its own chunk, loaded after first paint. */
export function Toasts() {
  return <ToastContainer position="top-right" autoClose={5000} />;
}
