import styled from 'styled-components';
import { promotionCopy } from '@contract/promotionCopy';
import { useMarketCode } from '../markets/marketChoice';
import { promotionBadgesApi } from './promotionBadgesApi';

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** Dark text on the soft amber of offers, readable at any size. */
const Badge = styled.li`
  padding: 0 0.5em;
  border: 1px solid ${({ theme }) => theme.colors.accentStrong};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.accentSoft};
  color: ${({ theme }) => theme.colors.ink};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 800;
  line-height: 1.6;
  white-space: nowrap;
`;

export interface PromotionBadgesProps {
  productId: string;
  /** The ids of every product the page shows (idsKey): the page's cards share one call. */
  ids: string;
}

/**
 * The offers running on a product, as its card and page show them; nothing when none. The
 * default export, so its lazy slot on `/` stays as small as it can be.
 */
export default function PromotionBadges({ productId, ids }: PromotionBadgesProps) {
  const market = useMarketCode();
  const { data } = promotionBadgesApi.useGetPromotionBadgesQuery({ market, ids });
  const badges = data?.[productId] ?? [];
  if (badges.length === 0) return null;
  return (
    <List aria-label={promotionCopy.badgesList}>
      {badges.map((badge) => (
        <Badge key={badge}>{badge}</Badge>
      ))}
    </List>
  );
}
