import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { sizedImage } from '../../ui/imageSize';
import type { Product } from '@contract/products';
import { copy } from '@contract/copy';
import { AddToBag } from './AddToBag';
import { ButtonLink } from '../../ui/Button';
import { Card, CardBody, CardMedia, CardTitle } from '../../ui/Card';
import { EuLabelBadges } from '../../ui/EuLabelBadges';
import type { ShownPrice } from '../markets/useShelfPrices';
import { formatPrice } from '../../ui/formatPrice';
import { media } from '../../ui/theme';
import { PromotionBadgeSlot } from '../promotions/PromotionBadgeSlot';

/** A phone, where each card is a compact row. */
const PHONE = media.phone;

/**
 * On a phone the card is a compact row (issue 32): the picture small beside the name and price,
 * the rest below, so a card takes about a third of the screen, not all of it; wider screens keep
 * the picture across the top.
 */
const CompactCard = styled(Card)`
  ${PHONE} {
    display: grid;
    grid-template-columns: 6rem minmax(0, 1fr);
    grid-template-areas:
      'media head'
      'body body';
    column-gap: ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => theme.space.sm};
  }
`;

const MediaLink = styled(Link)`
  display: block;
  ${PHONE} {
    grid-area: media;
    align-self: start;
    img {
      border-radius: ${({ theme }) => theme.radii.sm};
    }
  }
`;

/** Name, price and the label's badges: beside the picture on a phone. */
const Head = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg} 0;
  ${PHONE} {
    grid-area: head;
    align-content: start;
    padding: 0;
  }
`;

const Body = styled(CardBody)`
  ${PHONE} {
    grid-area: body;
    gap: ${({ theme }) => theme.space.xs};
    padding: ${({ theme }) => theme.space.xs} 0 0;
  }
`;

const Title = styled(CardTitle)`
  a {
    color: inherit;
    text-decoration: none;
  }
  a:hover,
  a:focus-visible {
    text-decoration: underline;
  }
  ${PHONE} {
    font-size: ${({ theme }) => theme.fontSizes.md};
    line-height: 1.3;
  }
`;

const Description = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  ${PHONE} {
    display: -webkit-box;
    overflow: hidden;
    -webkit-line-clamp: 2;
    -webkit-box-orient: vertical;
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

const Price = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 800;
  font-variant-numeric: tabular-nums;
  ${PHONE} {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const PriceNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
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
  ${PHONE} {
    /* Both on one line. */
    grid-template-columns: auto auto auto 1fr;
    gap: 0 ${({ theme }) => theme.space.sm};
    margin: 0;
    padding: 0.15rem ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

/** The price and what a page adds beside it (a tyre's link to its model's other sizes). */
const PriceLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  column-gap: ${({ theme }) => theme.space.sm};
`;

/** The bag's control and 'Book Now' sit at the bottom of every card, level along a row. */
const Actions = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: auto;
  ${PHONE} {
    /* The bag's control and 'Book Now' side by side, 'Book Now' no wider than its words. */
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: start;
  }
`;

/** 'Book Now' and what a page adds below it (Add to compare), in the room beside the bag's sets. */
const BookColumn = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  ${PHONE} {
    > a {
      padding: 0 ${({ theme }) => theme.space.md};
    }
  }
`;

/**
 * What a page adds to a card, each where it costs a phone no extra line: beside the price, and
 * below 'Book Now' (beside the bag's "Add 2", "Add 4").
 */
export type CardExtras = { byPrice?: ReactNode; byBookNow?: ReactNode };

/**
 * A product as the spec's card shows it: image, name, description, $ price, OrderQuantity,
 * AvailableQuantity and 'Book Now' to its details page; and the bag's "Add to bag" (issue 29).
 * The name and the picture lead to the product's page too, and a tyre shows its EU label's
 * classes (issue 32). Used by the shop and the landing page.
 */
export function ProductCard({
  product,
  headingLevel = 3,
  eager = false,
  note,
  price = { text: formatPrice(product.price), note: null },
  pageIds = product._id,
  extras = {},
}: {
  product: Product;
  /**
   * Its price in the shopper's market (ProductCards works them out for the whole list); the
   * spec's `$` price when not given.
   */
  price?: ShownPrice;
  /** 2 on a page of cards, 3 inside a section of a longer page. */
  headingLevel?: 2 | 3;
  /**
   * In the first row of a page: the picture loads at once and before others (it is likely the
   * largest thing on screen). Otherwise it loads when scrolled near.
   */
  eager?: boolean;
  /** A word about this product on this list (an alternative size: how far it differs). */
  note?: string;
  /** The ids of the page's products (idsKey), so their badges come in one call. */
  pageIds?: string;
  /** A page's own controls (the shop's link to a tyre's model and Add to compare). */
  extras?: CardExtras;
}) {
  const headingId = `product-${product._id}`;
  const page = `/productdetails/${product._id}`;
  const label = product.category === 'tyre' ? product.euLabel : null;
  return (
    <CompactCard aria-labelledby={headingId}>
      {/* The name's link is the one a keyboard or screen reader meets; the picture's is for a
          pointer, so the card is not announced twice. */}
      <MediaLink to={page} tabIndex={-1} aria-hidden="true">
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
      </MediaLink>
      <Head>
        <Title as={`h${headingLevel}`} id={headingId}>
          <Link to={page}>{product.name}</Link>
        </Title>
        <PriceLine>
          <Price aria-busy={price.text === null}>{price.text}</Price>
          {extras.byPrice}
        </PriceLine>
        {price.note && <PriceNote>{price.note}</PriceNote>}
        {label && <EuLabelBadges label={label} />}
        <PromotionBadgeSlot productId={product._id} ids={pageIds} />
      </Head>
      <Body>
        {note && (
          <Description>
            <strong>{note}</strong>
          </Description>
        )}
        <Description>{product.description}</Description>
        <Facts>
          <dt>{copy.product.orderQuantity}</dt>
          <dd>{product.orderquantity}</dd>
          <dt>{copy.product.availableQuantity}</dt>
          <dd>{product.availablequantity}</dd>
        </Facts>
        <Actions>
          <AddToBag product={product} describedBy={headingId} />
          {/* The link text alone ("Book Now") would be ambiguous in a list of products. */}
          <BookColumn>
            <ButtonLink to={page} aria-describedby={headingId} $block>
              {copy.product.bookNow}
            </ButtonLink>
            {extras.byBookNow}
          </BookColumn>
        </Actions>
      </Body>
    </CompactCard>
  );
}
