import styled from 'styled-components';
import { sizedImage } from './imageSize';
import type { Product } from '@contract/products';
import { copy } from '@contract/copy';
import { AddToBag } from './AddToBag';
import { ButtonLink } from './Button';
import { Card, CardBody, CardMedia, CardTitle } from './Card';
import { formatPrice } from './formatPrice';

const Description = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Price = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 800;
  font-variant-numeric: tabular-nums;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  margin: 0 0 ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

/** The bag's control and 'Book Now' sit at the bottom of every card, level along a row. */
const Actions = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: auto;
`;

/**
 * A product as the spec's card shows it: image, name, description, $ price, OrderQuantity,
 * AvailableQuantity and 'Book Now' to its details page; and the bag's "Add to bag" (issue 29).
 * Used by the shop and the landing page.
 */
export function ProductCard({
  product,
  headingLevel = 3,
  eager = false,
  note,
}: {
  product: Product;
  /** 2 on a page of cards, 3 inside a section of a longer page. */
  headingLevel?: 2 | 3;
  /**
   * In the first row of a page: the picture loads at once and before others (it is likely the
   * largest thing on screen). Otherwise it loads when scrolled near.
   */
  eager?: boolean;
  /** A word about this product on this list (an alternative size: how far it differs). */
  note?: string;
}) {
  const headingId = `product-${product._id}`;
  return (
    <Card aria-labelledby={headingId}>
      {/* The product pictures are 400x300: the size reserves the space, so nothing shifts. */}
      <CardMedia
        src={sizedImage(product.img, 'card')}
        alt={product.name}
        width={400}
        height={300}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
      />
      <CardBody>
        <CardTitle as={`h${headingLevel}`} id={headingId}>
          {product.name}
        </CardTitle>
        {note && (
          <Description>
            <strong>{note}</strong>
          </Description>
        )}
        <Description>{product.description}</Description>
        <Price>{formatPrice(product.price)}</Price>
        <Facts>
          <dt>{copy.product.orderQuantity}</dt>
          <dd>{product.orderquantity}</dd>
          <dt>{copy.product.availableQuantity}</dt>
          <dd>{product.availablequantity}</dd>
        </Facts>
        <Actions>
          <AddToBag product={product} describedBy={headingId} />
          {/* The link text alone ("Book Now") would be ambiguous in a list of products. */}
          <ButtonLink to={`/productdetails/${product._id}`} aria-describedby={headingId} $block>
            {copy.product.bookNow}
          </ButtonLink>
        </Actions>
      </CardBody>
    </Card>
  );
}
