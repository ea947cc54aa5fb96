import { useRef, type ComponentType } from 'react';
import styled from 'styled-components';
import { copy } from '@contract/copy';
import { Eyebrow, SectionHeading } from '../../ui/Page';
import { media } from '../../ui/theme';
import { useInViewOnce } from '../../ui/useInViewOnce';
import { Counter } from './Counter';
import { BoxIcon, ChartIcon, ChatIcon, GlobeIcon } from './icons';

const Panel = styled.section`
  position: relative;
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  ${media.desktop} {
    /* Rides up over the bottom edge of the hero banner. */
    margin-top: -4.5rem;
    grid-template-columns: minmax(0, 1fr) minmax(0, 2.2fr);
    align-items: center;
    gap: ${({ theme }) => theme.space.xl};
    padding: ${({ theme }) => theme.space.xl};
  }
`;

const Intro = styled.div`
  p:last-child {
    margin: ${({ theme }) => theme.space.sm} 0 0;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

const Figures = styled.ul`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
  ${media.tablet} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
    gap: ${({ theme }) => theme.space.lg};
  }
  li {
    min-width: 0;
    display: grid;
    gap: ${({ theme }) => theme.space.sm};
    justify-items: start;
  }
`;

const Heading = styled(SectionHeading)`
  ${media.desktop} {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const IconBadge = styled.span`
  display: inline-grid;
  place-items: center;
  width: 48px;
  height: 48px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.accentText};
`;

const icons: Record<string, ComponentType> = {
  Country: GlobeIcon,
  products: BoxIcon,
  'Yearly Income': ChartIcon,
  FeedBacks: ChatIcon,
};

/** The spec's business summary: four figures that count up once they scroll into view. */
export function BusinessSummary() {
  const figuresRef = useRef<HTMLUListElement>(null);
  const seen = useInViewOnce(figuresRef);
  const durationMs = copy.landing.counterDurationSeconds * 1000;
  return (
    <Panel aria-labelledby="summary-heading">
      <Intro>
        <Eyebrow>Our business in numbers</Eyebrow>
        <Heading id="summary-heading">Trusted by drivers and workshops</Heading>
        <p>
          From a single scrap yard to a parts supplier shipping across borders, we still weigh every
          load and check every tyre by hand.
        </p>
      </Intro>
      <Figures ref={figuresRef}>
        {copy.landing.counters.map((counter) => {
          const Icon = icons[counter.label] ?? BoxIcon;
          return (
            <li key={counter.label}>
              <IconBadge>
                <Icon />
              </IconBadge>
              <Counter {...counter} durationMs={durationMs} running={seen} />
            </li>
          );
        })}
      </Figures>
    </Panel>
  );
}
