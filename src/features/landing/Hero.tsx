import styled from 'styled-components';
import { copy } from '@contract/copy';
import { ButtonLink } from '../../ui/Button';
import { usePreloadImage } from '../../ui/pageHead';
import { media } from '../../ui/theme';

/** The hero's artwork: the landing page's largest paint. */
const HERO_IMAGE = '/images/hero.svg';

const Banner = styled.section`
  position: relative;
  display: flex;
  align-items: center;
  min-height: 440px;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
  overflow: hidden;
  /* The gradient keeps the text readable where the artwork is bright (phones crop to it). */
  background:
    linear-gradient(
      90deg,
      rgba(11, 15, 20, 0.92) 0%,
      rgba(11, 15, 20, 0.55) 60%,
      rgba(11, 15, 20, 0) 100%
    ),
    ${({ theme }) => theme.colors.steel} url('${HERO_IMAGE}') 70% center / cover no-repeat;
  color: #fff;
  ${media.desktop} {
    min-height: 540px;
    padding: ${({ theme }) => theme.space.xxl} 0 7rem;
  }
`;

/** Lines up with the page content below (same width and side padding as Page). */
const Text = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  > * {
    max-width: 36rem;
  }
  ${media.desktop} {
    padding: 0 ${({ theme }) => theme.space.lg};
  }
`;

const Kicker = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.accent};
  font-weight: 700;
  letter-spacing: 0.1em;
  text-transform: uppercase;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Headline = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.display};
  line-height: 1.05;
  text-shadow: 0 2px 12px rgba(0, 0, 0, 0.5);
  ${media.desktop} {
    && {
      max-width: 48rem;
    }
  }
`;

const Lead = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.lg};
  font-size: 1.1rem;
  ${media.desktop} {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  color: #e5e7eb;
  text-shadow: 0 1px 8px rgba(0, 0, 0, 0.6);
`;

/** The landing banner: the spec's headline, the scrap-metal story and the way into the shop. */
export function Hero() {
  usePreloadImage(HERO_IMAGE);
  return (
    <Banner aria-labelledby="hero-headline">
      <Text>
        <Kicker>Scrap metal · Tyres · Parts</Kicker>
        <Headline id="hero-headline">{copy.landing.headline}</Headline>
        <Lead>
          We buy and sell scrap metal of every kind, from steel offcuts and aluminium rims to worn
          tyres, and turn it into the parts that keep cars on the road. Fair prices for what you
          bring in, honest prices for what you take home.
        </Lead>
        <ButtonLink to="/shop" $size="lg">
          {copy.landing.explore}
        </ButtonLink>
      </Text>
    </Banner>
  );
}
