import type { ComponentType } from 'react';
import styled from 'styled-components';
import { Section } from '../../ui/Page';
import { media } from '../../ui/theme';
import { RecycleIcon, ScaleIcon, TyreIcon } from './icons';

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  margin: 0;
  padding: 0;
  list-style: none;
  ${media.tablet} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  li {
    display: flex;
    gap: ${({ theme }) => theme.space.md};
    align-items: flex-start;
  }
  h2 {
    margin: 0 0 ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

const IconBadge = styled.span`
  display: inline-grid;
  flex: none;
  place-items: center;
  width: 52px;
  height: 52px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.ink};
  color: ${({ theme }) => theme.colors.accent};
`;

const services: { title: string; text: string; Icon: ComponentType }[] = [
  {
    title: 'Tyres and parts',
    text: 'Branded tyres, wheels, brakes, batteries and service parts, checked before they ship.',
    Icon: TyreIcon,
  },
  {
    title: 'Scrap metal bought',
    text: 'Bring steel, aluminium rims or old parts: weighed in front of you and paid the same day.',
    Icon: ScaleIcon,
  },
  {
    title: 'Tyre recycling',
    text: 'Worn tyres collected with every fitting and sent for recycling, never to landfill.',
    Icon: RecycleIcon,
  },
];

/** What the business does, in three lines. */
export function Services() {
  return (
    <Section aria-label="What we do">
      <List>
        {services.map(({ title, text, Icon }) => (
          <li key={title}>
            <IconBadge>
              <Icon />
            </IconBadge>
            <div>
              <h2>{title}</h2>
              <p>{text}</p>
            </div>
          </li>
        ))}
      </List>
    </Section>
  );
}
