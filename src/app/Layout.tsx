import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { Spinner } from '../ui/Spinner';
import { Footer } from './Footer';
import { Navbar } from './Navbar';

const Shell = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  main {
    flex: 1;
  }
`;

/** Navbar, the routed page, footer. */
export function Layout() {
  return (
    <Shell>
      <Navbar />
      <main id="main">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </Shell>
  );
}
