import { Outlet, type RouteObject } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';

/** Wraps routes in a layout with the app's toast container, so tests can read the toasts. */
export function withToasts(routes: RouteObject[]): RouteObject[] {
  return [
    {
      element: (
        <>
          <Outlet />
          <ToastContainer position="top-right" autoClose={5000} />
        </>
      ),
      children: routes,
    },
  ];
}
