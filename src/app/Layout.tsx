import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import styled from 'styled-components';
import { Spinner } from '../ui/Spinner';
import { whenIdle } from '../shared/loading/afterInteraction';
import { Footer } from './Footer';
import { Navbar } from './Navbar';

const Toasts = lazy(() =>
  import(/* webpackChunkName: "toasts" */ './Toasts').then((m) => ({ default: m.Toasts })),
);

const Shell = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  main {
    flex: 1;
    /* The footer starts below the fold, so a page arriving after its chunk loads cannot push
       a visible footer down (that shift was most of the layout-shift score). */
    min-height: 100vh;
  }
  main:focus {
    outline: none;
  }
`;

/** Lets keyboard users jump past the navbar; visible only when focused. */
const SkipLink = styled.a`
  position: absolute;
  top: ${({ theme }) => theme.space.sm};
  left: ${({ theme }) => theme.space.sm};
  z-index: ${({ theme }) => theme.zIndex.modal};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.accent};
  color: ${({ theme }) => theme.colors.onAccent};
  font-weight: 700;
  transform: translateY(-200%);
  &:focus {
    transform: none;
  }
`;

/**
 * Toasts follow what the visitor does, and the server's HTML has none: their host (and
 * react-toastify) loads once the page is idle or touched, not while it comes alive. A toast
 * asked for before shows when the host mounts (react-toastify queues it).
 */
function useToastsWanted(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => setWanted(true)), []);
  return wanted;
}

/** Navbar, the routed page, footer. */
export function Layout() {
  const toasts = useToastsWanted();
  return (
    <Shell>
      <SkipLink href="#main">Skip to content</SkipLink>
      <Navbar />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      {/* Below the fold: hydrated in a task of its own, after the page (a Suspense boundary). */}
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      {toasts && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
      {/* New pages open at the top; Back returns to where the visitor was. */}
      <ScrollRestoration />
    </Shell>
  );
}
