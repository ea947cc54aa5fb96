import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Page, PageHeading } from '../ui/Page';
import { ErrorPanel } from '../ui/ErrorPanel';
import { NotFoundPage } from '../features/not-found/NotFoundPage';

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ChunkLoadError';
}

/** What a route shows instead of a blank page when it fails to load or render. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const message = isChunkLoadError(error)
    ? 'This page could not be loaded. Check your connection and reload.'
    : 'Something went wrong while showing this page.';
  return (
    <Page>
      <PageHeading>Sorry</PageHeading>
      <ErrorPanel
        message={message}
        actionLabel="Reload"
        onAction={() => window.location.reload()}
      />
    </Page>
  );
}
