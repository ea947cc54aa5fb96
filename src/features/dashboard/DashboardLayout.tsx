import { NavLink, Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { copy } from '@contract/copy';
import type { Permission } from '@contract/staff';
import { selectAdminChecked, selectIsAdmin, selectStaffPermissions } from '../../store/authSlice';
import { useAppSelector } from '../../store/hooks';
import { Page } from '../../ui/Page';
import { media } from '../../ui/theme';
import { useSectionTitle } from '../../ui/usePageTitle';
import { SIDEBAR_LABELS } from './dashboardLabels';

const Columns = styled.div`
  display: grid;
  /* minmax(0, ...): a wide table scrolls in its own box instead of widening the page. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.lg};
  ${media.desktop} {
    grid-template-columns: 220px minmax(0, 1fr);
    align-items: start;
  }
`;

const Sidebar = styled.nav`
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.card};
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space.xs};
    margin: 0;
    padding: ${({ theme }) => theme.space.sm};
    list-style: none;
    ${media.desktop} {
      flex-direction: column;
    }
  }
  a {
    display: block;
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    border-radius: ${({ theme }) => theme.radii.sm};
    color: ${({ theme }) => theme.colors.ink};
    font-weight: 600;
    text-decoration: none;
  }
  a:hover {
    background: ${({ theme }) => theme.colors.background};
  }
  a.active {
    background: ${({ theme }) => theme.colors.ink};
    color: #fff;
  }
`;

/** The spec's sidebar: Profile for all; shoppers' and admins' pages by the admin flag. */
const shopperLinks = [
  { to: 'myorder', label: copy.dashboard.myOrders },
  { to: 'myreview', label: copy.dashboard.addReview },
];
// The admins' day first (issue 30); `/dashboard` itself stays the spec's profile. Each staff
// page is listed for the permission its calls need (contract/staff.ts).
const adminLinks: Array<{ to: string; label: string; permission: Permission }> = [
  { to: 'overview', label: SIDEBAR_LABELS.overview, permission: 'store.admin' },
  { to: 'products', label: SIDEBAR_LABELS.products, permission: 'catalogue.edit' },
  { to: 'addProduct', label: copy.dashboard.addProduct, permission: 'catalogue.edit' },
  { to: 'allOrders', label: copy.dashboard.allOrders, permission: 'orders.read' },
  { to: 'alluser', label: copy.dashboard.allUser, permission: 'customers.read' },
  { to: 'reviews', label: SIDEBAR_LABELS.reviews, permission: 'reviews.moderate' },
  { to: 'fitting', label: SIDEBAR_LABELS.fitting, permission: 'fitting.run' },
  { to: 'fitting/day', label: SIDEBAR_LABELS.fitterDay, permission: 'fitting.run' },
  { to: 'fitting/centres', label: SIDEBAR_LABELS.fittingCentres, permission: 'store.admin' },
  { to: 'fitting/stock', label: SIDEBAR_LABELS.stockPlaces, permission: 'stock.places' },
  { to: 'fitments', label: SIDEBAR_LABELS.fitments, permission: 'catalogue.edit' },
  { to: 'staff', label: SIDEBAR_LABELS.staff, permission: 'roles.manage' },
  { to: 'audit', label: SIDEBAR_LABELS.audit, permission: 'audit.read' },
  { to: 'promotions', label: SIDEBAR_LABELS.promotions, permission: 'store.admin' },
];

/** The staff's own pages (issue 52), for the permissions that open them only. */
const STAFF_PAGES = new Set(['staff', 'audit']);

/**
 * The staff pages a person may open. An admin whose staff check did not answer keeps the menu
 * admins had before roles; the server refuses what they may not do anyway.
 */
function staffLinks(permissions: readonly Permission[] | null) {
  if (permissions === null) return adminLinks.filter((link) => !STAFF_PAGES.has(link.to));
  return adminLinks.filter((link) => permissions.includes(link.permission));
}

/**
 * The sidebar entry a page without one of its own belongs to: the profile for `/dashboard`,
 * the orders list a payment was opened from (My Orders, or All Orders for an admin).
 */
export function sectionOf(pathname: string, admin: boolean): string | null {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  if (path === '/dashboard') return 'profile';
  if (path.startsWith('/dashboard/payment/')) return admin ? 'allOrders' : 'myorder';
  return null;
}

export function DashboardLayout() {
  // 'Dashboard' until the page inside sets its own title.
  useSectionTitle('Dashboard');
  const admin = useAppSelector(selectIsAdmin);
  // The role's pages appear once the server's admin check has answered, never the wrong menu.
  const checked = useAppSelector(selectAdminChecked);
  const permissions = useAppSelector(selectStaffPermissions);
  const roleLinks = checked ? (admin ? staffLinks(permissions) : shopperLinks) : [];
  const links = [{ to: 'profile', label: copy.dashboard.profile }, ...roleLinks];
  const section = sectionOf(useLocation().pathname, admin);
  return (
    <Page>
      <Columns>
        <Sidebar aria-label="Dashboard">
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  // The fitting days' page is not the parent of the other fitting pages.
                  end={link.to === 'fitting'}
                  className={({ isActive }) => (isActive || section === link.to ? 'active' : '')}
                  aria-current={section === link.to ? 'location' : undefined}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </Sidebar>
        <div>
          <Outlet />
        </div>
      </Columns>
    </Page>
  );
}
