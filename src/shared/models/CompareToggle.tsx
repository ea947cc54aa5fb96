import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../ui/Button';
import { TextLink } from '../../ui/TextLink';
import { visuallyHidden } from '../../ui/VisuallyHidden';
import { compareCopy as copy } from './compareCopy';
import {
  addToCompare,
  COMPARE_MAX,
  compareHref,
  removeFromCompare,
  useCompareIds,
} from './compareList';

const Box = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  justify-items: start;
  /* Without the script the button could do nothing: kept out of sight, its place held. */
  @media (scripting: none) {
    visibility: hidden;
  }
`;

const Said = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  /* Empty, only out of sight: a live region must exist before its words change. */
  &:empty {
    ${visuallyHidden}
  }
`;

/**
 * "Add to compare" for one tyre (on its page, the model page's chosen size, a shop card): a
 * button that adds it or, once compared, takes it out again; the way to the comparison once it
 * holds any tyre; and, for a fifth, the refusal in words.
 */
export function CompareToggle({
  productId,
  describedBy,
  inCard = false,
}: {
  productId: string;
  describedBy?: string;
  /**
   * On a card of a list: short words (the name stays whole), and the way to the comparison only
   * on the tyres in it, not on every card.
   */
  inCard?: boolean;
}) {
  const ids = useCompareIds();
  const [refused, setRefused] = useState(false);
  const compared = ids.includes(productId);
  const name = compared ? copy.remove : copy.add;
  const toggle = () => {
    if (compared) {
      removeFromCompare(ids, productId);
      setRefused(false);
      return;
    }
    setRefused(addToCompare(ids, productId) === 'full');
  };
  return (
    <Box>
      <Button
        type="button"
        $variant="secondary"
        $size="sm"
        aria-describedby={describedBy}
        onClick={toggle}
        aria-label={inCard ? name : undefined}
      >
        {inCard ? (compared ? copy.inCardRemove : copy.inCardAdd) : name}
      </Button>
      <Said role="status">{refused ? copy.full(COMPARE_MAX) : ''}</Said>
      {ids.length > 0 && (compared || !inCard) && (
        <TextLink to={compareHref(ids)}>{copy.see(ids.length)}</TextLink>
      )}
    </Box>
  );
}
