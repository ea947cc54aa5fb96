import { Page, PageHeading } from '../ui/Page';
import { usePageTitle } from '../ui/usePageTitle';

/** Stands in for a screen whose issue has not landed yet. */
export function PlaceholderPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Page>
      <PageHeading>{title}</PageHeading>
      <p>This part of the store is being built.</p>
    </Page>
  );
}
