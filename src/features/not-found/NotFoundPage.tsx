import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { copy } from '@contract/copy';
import { Page } from '../../ui/Page';
import { usePageTitle } from '../../ui/usePageTitle';

const Panel = styled.section`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.md};
  text-align: center;
`;

const Title = styled.h1`
  margin: 0;
  font-size: clamp(3rem, 12vw, 6rem);
  letter-spacing: 0.08em;
  color: ${({ theme }) => theme.colors.steel};
`;

const Message = styled.p`
  margin: 0;
  max-width: 32rem;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.muted};
`;

const Back = styled(Link)`
  font-weight: 700;
  color: ${({ theme }) => theme.colors.ink};
  text-decoration-color: ${({ theme }) => theme.colors.accent};
  text-decoration-thickness: 3px;
  text-underline-offset: 4px;
`;

/** Any path the store does not know. */
export function NotFoundPage() {
  usePageTitle(
    'Page not found',
    'There is no page at this address in the Tyre & Auto Parts Store.',
  );
  return (
    <Page>
      <Panel>
        <Title>{copy.notFound.title}</Title>
        <Message>{copy.notFound.message}</Message>
        <Back to="/">{copy.notFound.back}</Back>
      </Panel>
    </Page>
  );
}
