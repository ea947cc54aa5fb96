import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { copy } from '@contract/copy';
import { useBagCount } from '../shared/bag/useBagCount';
import { useHydrated } from '../ui/useHydrated';

/** On the bag's corner, so the bag takes no more room than an icon beside the menu. */
const Count = styled.span`
  position: absolute;
  top: 0;
  right: -0.3rem;
  min-width: 1.4rem;
  padding: 0 0.3rem;
  border-radius: 1rem;
  background: ${({ theme }) => theme.colors.accent};
  color: ${({ theme }) => theme.colors.onAccent};
  font-size: 0.8rem;
  font-weight: 800;
  line-height: 1.4rem;
  text-align: center;
`;

/**
 * The navbar's way to /bag, for guests too: a bag with the number of items on it, and an
 * accessible name that says both ("Bag, 3 items"). No count while sign-in loads (the server's
 * HTML). Styled by the navbar, as its other links.
 */
export function NavBag({ onNavigate }: { onNavigate: () => void }) {
  // No count while hydrating, as the server rendered it (useShownAuthStatus says why).
  const known = useBagCount();
  const count = useHydrated() ? known : null;
  const name = count === null ? copy.bag.nav : copy.bag.navCount(count);
  return (
    <NavLink to="/bag" onClick={onNavigate} aria-label={name} title={name}>
      <svg
        viewBox="0 0 24 24"
        width="24"
        height="24"
        aria-hidden="true"
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      >
        <path d="M5 8h14l-1 12H6L5 8zM9 8V6a3 3 0 0 1 6 0v2" />
      </svg>
      {count ? <Count aria-hidden="true">{count}</Count> : null}
    </NavLink>
  );
}
