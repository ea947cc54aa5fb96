import { useEffect, useRef, useState } from 'react';
import { NavLink } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { copy } from '@contract/copy';
import { media } from '../ui/theme';
import { NavAccount } from './NavAccount';
import { NavBag } from './NavBag';

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
  justify-content: space-between;
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  ${media.desktop} {
    /* Brand lines up with the page content below. */
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  }
`;

const Brand = styled(NavLink)`
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

const MenuButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: 0 ${({ theme }) => theme.space.md};
  min-width: 44px;
  min-height: 44px;
  border: 1px solid #4b5563;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: #fff;
  font: inherit;
  cursor: pointer;
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

const Links = styled.ul<{ $open: boolean }>`
  display: ${({ $open }) => ($open ? 'flex' : 'none')};
  flex-direction: column;
  width: 100%;
  margin: 0;
  padding: ${({ theme }) => theme.space.sm} 0;
  list-style: none;
  ${media.desktop} {
    display: flex;
    flex-direction: row;
    align-items: center;
    width: auto;
    gap: ${({ theme }) => theme.space.xs};
    padding: 0;
    margin-left: auto;
  }
  a {
    display: block;
    ${linkLook}
  }
`;

/** The bag and the phone's menu button: on a phone the bag stays in sight beside the menu. */
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

/** Three bars, or a cross while the menu is open. */
function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg
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
      {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

export function Navbar() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const menuButton = useRef<HTMLButtonElement>(null);

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
      <Inner aria-label="Main">
        <Brand to="/" onClick={close}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          Tyre &amp; Parts
        </Brand>
        <End>
          <NavBag onNavigate={close} />
          <MenuButton
            ref={menuButton}
            type="button"
            aria-expanded={open}
            aria-controls="main-menu"
            onClick={() => setOpen((value) => !value)}
          >
            <MenuIcon open={open} />
            {open ? 'Close' : 'Menu'}
          </MenuButton>
        </End>
        <Links id="main-menu" $open={open}>
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
      </Inner>
    </Bar>
  );
}
