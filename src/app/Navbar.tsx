import { useEffect, useRef, useState } from 'react';
import { NavLink } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { copy } from '@contract/copy';
import { media } from '../ui/theme';
import { NavAccount } from './NavAccount';
import { NavBag } from './NavBag';
import { PriceBar } from '../shared/markets/PriceBar';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  background: ${({ theme }) => theme.colors.ink};
  color: #fff;
`;

const Inner = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  ${media.desktop} {
    /* Brand lines up with the page content below. */
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  }
`;

/**
 * Its auto margin puts everything else at the end of the bar, whichever has arrived: the bag
 * stays put while the rest of the HTML (the menu) is still on its way.
 */
const Brand = styled(NavLink)`
  margin-right: auto;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  font-weight: 800;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  text-decoration: none;
  img {
    width: 32px;
    height: 32px;
  }
`;

/**
 * The phone's menu is a native disclosure, so it opens before the script arrives (or without
 * it); the script only closes it on Escape and on following a link. On a desktop its summary
 * is hidden and its content always shown.
 */
const Menu = styled.details`
  /* The open menu drops below the bar (Bar is sticky, so it is the containing block). */
  ${media.desktop} {
    &::details-content {
      content-visibility: visible;
      display: block;
    }
  }
`;

const MenuButton = styled.summary`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: 0 ${({ theme }) => theme.space.md};
  min-width: 44px;
  min-height: 44px;
  border: 1px solid #4b5563;
  border-radius: ${({ theme }) => theme.radii.sm};
  color: #fff;
  cursor: pointer;
  list-style: none;
  &::-webkit-details-marker {
    display: none;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 2px;
  }
  /* Its words and icon follow the disclosure's state, with or without the script. */
  details:not([open]) > & .when-open,
  details[open] > & .when-closed {
    display: none;
  }
  ${media.desktop} {
    display: none;
  }
`;

/** The links of the menu and the bag's. */
const linkLook = css`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: #e5e7eb;
  text-decoration: none;
  font-weight: 600;
  &:hover {
    color: #fff;
    background: ${({ theme }) => theme.colors.steel};
  }
  &.active {
    color: ${({ theme }) => theme.colors.accent};
  }
`;

const Links = styled.ul`
  display: flex;
  flex-direction: column;
  position: absolute;
  top: 100%;
  left: 0;
  right: 0;
  margin: 0;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  list-style: none;
  background: ${({ theme }) => theme.colors.ink};
  a {
    min-height: 44px;
  }
  ${media.desktop} {
    position: static;
    flex-direction: row;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
    padding: 0;
    a {
      min-height: 0;
    }
  }
  a {
    display: block;
    ${linkLook}
  }
`;

/** The bag: on a phone it stays in sight beside the menu's button. */
const End = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  a {
    position: relative;
    display: flex;
    min-height: 44px;
    align-items: center;
    ${linkLook}
  }
  ${media.desktop} {
    order: 1;
    margin-left: ${({ theme }) => theme.space.xs};
  }
`;

/** The spec labels /about 'Blogs' on desktop and 'About' on mobile. */
const DesktopOnly = styled.span`
  display: none;
  ${media.desktop} {
    display: inline;
  }
`;
const MobileOnly = styled.span`
  ${media.desktop} {
    display: none;
  }
`;

/** Three bars, or a cross while the menu is open (CSS picks one: MenuButton). */
function MenuIcon({ className, path }: { className: string; path: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
    >
      <path d={path} />
    </svg>
  );
}

export function Navbar() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const menuButton = useRef<HTMLElement>(null);

  // Escape closes the phone menu, with focus back on its button (as a disclosure should).
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <Bar>
      <PriceBar />
      <Inner aria-label="Main">
        <Brand to="/" onClick={close}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          Tyre &amp; Parts
        </Brand>
        <End>
          <NavBag onNavigate={close} />
        </End>
        <Menu open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
          <MenuButton ref={menuButton}>
            <MenuIcon className="when-closed" path="M4 7h16M4 12h16M4 17h16" />
            <MenuIcon className="when-open" path="M6 6l12 12M18 6 6 18" />
            <span className="when-closed">{copy.nav.menu}</span>
            <span className="when-open">{copy.nav.closeMenu}</span>
          </MenuButton>
          <Links id="main-menu">
            <li>
              <NavLink to="/" end onClick={close}>
                {copy.nav.home}
              </NavLink>
            </li>
            <li>
              <NavLink to="/shop" onClick={close}>
                {copy.nav.shop}
              </NavLink>
            </li>
            <li>
              <NavLink to="/about" onClick={close}>
                <DesktopOnly>{copy.nav.blogsDesktop}</DesktopOnly>
                <MobileOnly>{copy.nav.aboutMobile}</MobileOnly>
              </NavLink>
            </li>
            <li>
              <NavLink to="/review" onClick={close}>
                {copy.nav.review}
              </NavLink>
            </li>
            <li>
              <NavLink to="/portfolio" onClick={close}>
                {copy.nav.portfolio}
              </NavLink>
            </li>
            <NavAccount onNavigate={close} />
          </Links>
        </Menu>
      </Inner>
    </Bar>
  );
}
