import { Outlet } from 'react-router-dom';
import { RequireAdmin } from './RequireAdmin';

/** The admin pages' branch: its pages, behind the admin guard (a lazy route of its own). */
export function AdminOutlet() {
  return (
    <RequireAdmin>
      <Outlet />
    </RequireAdmin>
  );
}
