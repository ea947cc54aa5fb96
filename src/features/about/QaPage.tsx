import styled from 'styled-components';
import { copy } from '@contract/copy';
import { Card } from '../../ui/Card';
import { Page, PageHeading, PageIntro } from '../../ui/Page';
import { media } from '../../ui/theme';
import { usePageTitle } from '../../ui/usePageTitle';
import { DemoSearch } from './DemoSearch';
import { answers } from './qaContent';

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  ${media.desktop} {
    grid-template-columns: 16rem minmax(0, 1fr);
    align-items: start;
    gap: ${({ theme }) => theme.space.xl};
  }
`;

const Contents = styled.nav`
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.line};
  ${media.desktop} {
    position: sticky;
    top: 5rem;
  }
  h2 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    letter-spacing: 0.1em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.muted};
  }
  ol {
    display: grid;
    gap: ${({ theme }) => theme.space.sm};
    margin: 0;
    padding-left: 1.2rem;
  }
  a {
    color: ${({ theme }) => theme.colors.ink};
    text-decoration-color: ${({ theme }) => theme.colors.accent};
    text-underline-offset: 3px;
  }
`;

const Articles = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
`;

const Article = styled(Card)`
  gap: ${({ theme }) => theme.space.md};
  height: auto;
  padding: ${({ theme }) => theme.space.lg};
  /* Clear the sticky navbar when jumped to from the contents. */
  scroll-margin-top: 5rem;
  ${media.tablet} {
    padding: ${({ theme }) => theme.space.xl};
  }
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    ${media.tablet} {
      font-size: ${({ theme }) => theme.fontSizes.xl};
    }
  }
  p {
    margin: 0;
    max-width: ${({ theme }) => theme.textWidth};
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

const Anchor = styled.div`
  scroll-margin-top: 5rem;
`;

const Code = styled.pre`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  overflow-x: auto;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.ink};
  color: ${({ theme }) => theme.colors.onDark};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: 1.6;
`;

/** `/about`: five written answers and the spec's demo product search. */
export function QaPage() {
  usePageTitle(
    copy.qa.heading,
    'Answers on fast React front ends, state management, prototype inheritance, unit tests and product search, with a search to try.',
  );
  return (
    <Page>
      <PageHeading>{copy.qa.heading}</PageHeading>
      <PageIntro>
        Short answers to five questions we hear about building web shops like this one, and a small
        search to try at the end.
      </PageIntro>
      <Layout>
        <Contents aria-labelledby="qa-contents">
          <h2 id="qa-contents">On this page</h2>
          <ol>
            {answers.map((answer) => (
              <li key={answer.id}>
                <a href={`#${answer.id}`}>{answer.question}</a>
              </li>
            ))}
            <li>
              <a href="#demo-search">Demo product search</a>
            </li>
          </ol>
        </Contents>
        <Articles>
          {answers.map((answer) => (
            <Article key={answer.id} id={answer.id} aria-labelledby={`${answer.id}-heading`}>
              <h2 id={`${answer.id}-heading`}>{answer.question}</h2>
              {answer.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
              {answer.code && (
                <Code role="region" tabIndex={0} aria-label="Code example">
                  <code>{answer.code}</code>
                </Code>
              )}
            </Article>
          ))}
          <Anchor id="demo-search">
            <DemoSearch />
          </Anchor>
        </Articles>
      </Layout>
    </Page>
  );
}
