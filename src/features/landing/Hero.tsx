import styled from 'styled-components';
import { copy } from '../../copy';
import { ButtonLink } from '../../ui/Button';
import { media } from '../../ui/theme';

const Banner = styled.section`
  position: relative;
  display: flex;
  align-items: center;
  min-height: 420px;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.steel} url('/images/hero.svg') center / cover no-repeat;
  color: #fff;
  ${media.desktop} {
    min-height: 500px;
    padding: ${({ theme }) => theme.space.xxl};
  }
`;

const Text = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  > * {
    max-width: 34rem;
  }
`;

const Headline = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space.md};
  font-size: clamp(2.2rem, 6vw, 3.6rem);
  text-shadow: 0 2px 12px rgba(0, 0, 0, 0.5);
`;

const Lead = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: #e5e7eb;
  text-shadow: 0 1px 8px rgba(0, 0, 0, 0.6);
`;

/** The landing banner: the spec's headline and the way into the shop. */
export function Hero() {
  return (
    <Banner aria-labelledby="hero-headline">
      <Text>
        <Headline id="hero-headline">{copy.landing.headline}</Headline>
        <Lead>
          We buy and sell metal of every kind, from scrap steel and aluminium rims to worn tyres,
          and turn it into the parts that keep cars on the road. Fair prices for what you bring,
          honest prices for what you take home.
        </Lead>
        <ButtonLink to="/shop">{copy.landing.explore}</ButtonLink>
      </Text>
    </Banner>
  );
}
