import styled from 'styled-components';
import { media } from './theme';

/** The centred column every page sits in. */
export const Page = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md};
  ${media.desktop} {
    padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  }
`;

export const PageHeading = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  margin: 0 0 ${({ theme }) => theme.space.lg};
  ${media.desktop} {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
  }
`;

/** The line under a page heading that says what the page is for. */
export const PageIntro = styled.p`
  max-width: ${({ theme }) => theme.textWidth};
  margin: -${({ theme }) => theme.space.sm} 0 ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.colors.muted};
  font-size: 1.1rem;
  ${media.desktop} {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

/** A band of a long page (the landing page's products, reviews, numbers). */
export const Section = styled.section`
  padding: ${({ theme }) => theme.space.xl} 0;
`;

/** Heading of a section, with an optional link ("See all") on its right. */
export const SectionHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

export const SectionHeading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  ${media.desktop} {
    font-size: 2rem;
  }
`;

/** A small amber label above a heading. */
export const Eyebrow = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.accentText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  letter-spacing: 0.12em;
  text-transform: uppercase;
`;
