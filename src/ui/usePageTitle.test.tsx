import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { usePageTitle, useSectionTitle } from './usePageTitle';

function Section({ children }: { children: ReactNode }) {
  useSectionTitle('Dashboard');
  return <>{children}</>;
}

function Page({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}

describe('page titles', () => {
  it('lets the page inside a section replace the section’s title, from the first render', () => {
    render(
      <Section>
        <Page title="Profile" />
      </Section>,
    );
    expect(document.title).toBe('Profile | Tyre & Auto Parts Store');
  });

  it('keeps the section’s title for a page without one', () => {
    render(
      <Section>
        <p>no title</p>
      </Section>,
    );
    expect(document.title).toBe('Dashboard | Tyre & Auto Parts Store');
  });

  it('shows the store name alone for a null title', () => {
    render(<Page title="" />);
    expect(document.title).toBe('Tyre & Auto Parts Store');
  });
});
