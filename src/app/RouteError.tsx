import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import styled from 'styled-components';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { Button } from '../ui/Button';
import { Page } from '../ui/Page';

/** webpack names a failed lazy chunk 'ChunkLoadError' ("Loading chunk {id} failed."). */
export function isChunkLoadError(error: unknown): error is Error {
  return error instanceof Error && error.name === 'ChunkLoadError';
}

const Panel = styled.section`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.md};
  max-width: 36rem;
  margin: ${({ theme }) => theme.space.xl} auto;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  text-align: center;
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

const Badge = styled.span`
  display: inline-grid;
  place-items: center;
  width: 64px;
  height: 64px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.accentText};
  font-size: 2rem;
  font-weight: 800;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  a {
    color: ${({ theme }) => theme.colors.ink};
    font-weight: 600;
  }
`;

const Details = styled.details`
  width: 100%;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
  text-align: left;
  summary {
    cursor: pointer;
  }
  code {
    display: block;
    margin-top: ${({ theme }) => theme.space.sm};
    white-space: pre-wrap;
    word-break: break-word;
  }
`;

/** What a route shows instead of a blank page when it fails to load or render. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const chunk = isChunkLoadError(error);
  return (
    <Page>
      <Panel role="alert" aria-labelledby="route-error-heading">
        <Badge aria-hidden="true">!</Badge>
        <h1 id="route-error-heading">
          {chunk ? 'This page could not be loaded' : 'Something went wrong'}
        </h1>
        <p>
          {chunk
            ? 'Part of the store did not download, perhaps because the connection dropped or the store was just updated. Check your connection and reload the page.'
            : 'Something went wrong while showing this page. Reloading usually fixes it.'}
        </p>
        <Actions>
          <Button onClick={() => window.location.reload()}>Reload page</Button>
          {/* A full page load: the fresh index.html knows the current chunk names. */}
          <a href="/">Go to the home page</a>
        </Actions>
        {error instanceof Error && (
          <Details>
            <summary>Technical details</summary>
            <code>
              {error.name}: {error.message}
            </code>
          </Details>
        )}
      </Panel>
    </Page>
  );
}
