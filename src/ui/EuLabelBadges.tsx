import styled from 'styled-components';
import { FUEL_CLASSES, NOISE_CLASSES, WET_GRIP_CLASSES, type EuLabel } from '@contract/euLabel';
import { labelBadgeCopy as copy } from './labelBadgeCopy';
import { FUEL_COLOURS, NOISE_COLOURS, WET_GRIP_COLOURS } from './euLabelColours';
import { VisuallyHidden } from './VisuallyHidden';

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** Dark text on white, the class's colour as a thick left edge: readable at any class. */
const Badge = styled.li<{ $colour: string }>`
  position: relative;
  display: inline-flex;
  align-items: center;
  gap: 0.3em;
  padding: 0 0.45em 0 0.35em;
  border: 1px solid ${({ theme }) => theme.colors.lineStrong};
  border-left: 6px solid ${({ $colour }) => $colour};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.ink};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  line-height: 1.6;
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

/** A card's compact EU label: fuel, wet-grip and noise, each named in full for screen readers. */
export function EuLabelBadges({ label }: { label: EuLabel }) {
  const badges = [
    {
      key: 'fuel',
      colour: FUEL_COLOURS[FUEL_CLASSES.indexOf(label.fuel)],
      shown: `${copy.short.fuel} ${label.fuel}`,
      said: copy.fuel(label.fuel),
    },
    {
      key: 'wet',
      colour: WET_GRIP_COLOURS[WET_GRIP_CLASSES.indexOf(label.wetGrip)],
      shown: `${copy.short.wetGrip} ${label.wetGrip}`,
      said: copy.wetGrip(label.wetGrip),
    },
    {
      key: 'noise',
      colour: NOISE_COLOURS[NOISE_CLASSES.indexOf(label.noiseClass)],
      shown: `${label.noiseDb} dB`,
      said: copy.noise(label.noiseDb),
    },
  ];
  return (
    <List aria-label={copy.list}>
      {badges.map((badge) => (
        <Badge key={badge.key} $colour={badge.colour ?? '#000'}>
          <span aria-hidden="true">{badge.shown}</span>
          <VisuallyHidden>{badge.said}</VisuallyHidden>
        </Badge>
      ))}
    </List>
  );
}
