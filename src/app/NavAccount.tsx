import { useEffect, useRef } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { copy } from '@contract/copy';
import {
  cameHome,
  selectAuthStatus,
  selectCurrentUser,
  selectLeftOnPurpose,
} from '../store/authSlice';
import { readAccessToken } from '../store/accessToken';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { logOut } from '../store/logOut';
import { Spinner } from '../ui/Spinner';
import { useHydrated } from '../ui/useHydrated';

const UserName = styled.li`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.accent};
  font-weight: 700;
  max-width: 16rem;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const LogOutButton = styled.button`
  display: block;
  width: 100%;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid #4b5563;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: #fff;
  font: inherit;
  font-weight: 600;
  text-align: left;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.steel};
  }
`;

/**
 * The loading state takes exactly the Login link's place (its text, hidden), so the links beside
 * it do not move when Login appears after all.
 */
const Waiting = styled.li`
  position: relative;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  color: #e5e7eb;
  font-weight: 600;
  > span:last-child {
    position: absolute;
    inset: 0;
    justify-content: center;
  }
`;

const SameWidthAs = styled.span`
  visibility: hidden;
`;

/**
 * The navbar's end: DashBoard, the name and LogOut, or Login. While auth loads it is Login (as
 * the server, which never knows who is signed in, renders it, and as the first render in the
 * browser must be to hydrate), except that once hydrated, a browser holding an app token shows
 * a spinner instead: someone is probably signed in, and Login would flash before DashBoard.
 */
export function NavAccount({ onNavigate }: { onNavigate: () => void }) {
  // As the server rendered it while hydrating (useShownAuthStatus says why).
  const hydrated = useHydrated();
  const known = useAppSelector(selectAuthStatus);
  const status = hydrated ? known : 'loading';
  const user = useAppSelector(selectCurrentUser);
  const leftOnPurpose = useAppSelector(selectLeftOnPurpose);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const leaving = useRef(false);

  // Sign out once home is on screen: the router shows a new page in a transition, and signing
  // out while the guarded page is still rendered would send it to /login instead.
  // Home after a sign-out on purpose: from now on a signed-in page leads to /login again.
  useEffect(() => {
    if (leftOnPurpose && location.pathname === '/') dispatch(cameHome());
  }, [leftOnPurpose, location, dispatch]);

  useEffect(() => {
    if (!leaving.current || location.pathname !== '/') return;
    leaving.current = false;
    void dispatch(logOut());
  }, [location, dispatch]);

  if (status === 'loading' && hydrated && readAccessToken() !== null) {
    return (
      <Waiting>
        <SameWidthAs aria-hidden="true">{copy.nav.login}</SameWidthAs>
        <Spinner inline label="Checking sign-in" />
      </Waiting>
    );
  }
  if (status !== 'loggedIn' || !user) {
    return (
      <li>
        <NavLink to="/login" onClick={onNavigate}>
          {copy.nav.login}
        </NavLink>
      </li>
    );
  }
  return (
    <>
      <li>
        <NavLink to="/dashboard" onClick={onNavigate}>
          {copy.nav.dashboard}
        </NavLink>
      </li>
      <UserName title={user.email}>{user.displayName || user.email}</UserName>
      <li>
        <LogOutButton
          type="button"
          onClick={() => {
            onNavigate();
            // Home first: signing out on a guarded page would otherwise detour through /login.
            leaving.current = true;
            navigate('/');
          }}
        >
          {copy.nav.logout}
        </LogOutButton>
      </li>
    </>
  );
}
