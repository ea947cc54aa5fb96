import type { ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { ShopItemLayout, ShopItemPage } from '../../shared/ShopItemPage';
import { sizedImage } from '../../ui/imageSize';
import { PRODUCT_RETIRED } from '@contract/catalogTerms';
import type { Product } from '@contract/products';
import { copy } from '@contract/copy';
import { productPageCopy } from './productPageCopy';
import { unitsOrderable } from '@contract/stockRule';
import { useGetConfigQuery, useGetProductQuery } from '../../store/api';
import { AddToBag } from '../../shared/products/AddToBag';
import { formatPrice } from '../../ui/formatPrice';
import { useShelfPrices } from '../../shared/markets/useShelfPrices';
import { PromotionBadgeSlot } from '../../shared/promotions/PromotionBadgeSlot';
import { media } from '../../ui/theme';
import { usePageTitle } from '../../ui/usePageTitle';
import { scriptSafeJson } from '../../ssr/scriptSafeJson';
import { usePreloadImage } from '../../ui/pageHead';
import { EuTyreLabel } from './EuTyreLabel';
import { productStructuredData } from './productStructuredData';
import { SpecTable } from './SpecTable';
import { ModelLink } from '../../shared/models/ModelLink';
import { CompareToggle } from '../../shared/models/CompareToggle';

const Picture = styled.img`
  width: 100%;
  height: auto;
  aspect-ratio: 4 / 3;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  justify-items: start;
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    ${media.desktop} {
      font-size: 2rem;
    }
  }
  p {
    margin: 0;
  }
`;

const Reviews = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Description = styled.p`
  color: ${({ theme }) => theme.colors.inkSoft};
  max-width: ${({ theme }) => theme.textWidth};
`;

const Price = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 800;
  font-variant-numeric: tabular-nums;
  margin-bottom: 0;
`;

const PriceNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto auto;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
  margin: 0;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

/** A retired product: no longer sold, so no order button. */
const Retired = styled.p`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-left: 4px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 700;
`;

const Stock = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  strong {
    color: ${({ theme }) => theme.colors.success};
  }
`;

/** Below the product: its specification and, for a tyre, its EU label, side by side on wide screens. */
const Details = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  margin-top: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  ${media.desktop} {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    align-items: start;
    padding: ${({ theme }) => theme.space.xl};
  }
`;

/** Beside the stock: what one order can take (the spec keeps the order quantity back). */
export function orderableText(product: Product): string {
  const max = unitsOrderable(product);
  return max > 0 ? productPageCopy.upTo(max) : productPageCopy.outOfStock;
}

/** The store's delivery estimate, once its settings are in (the server renders them in). */
function Delivery() {
  const { data } = useGetConfigQuery();
  if (!data) return null;
  return <p>{productPageCopy.delivery(data.delivery.minDays, data.delivery.maxDays)}</p>;
}

/** What search engines read of the product: JSON-LD, a data block that no CSP runs. */
function StructuredData({ product }: { product: Product }) {
  return (
    <script
      type="application/ld+json"
      // Escaped so that no text of the product can end the element.
      dangerouslySetInnerHTML={{ __html: scriptSafeJson(productStructuredData(product)) }}
    />
  );
}

/** How the page's product is ordered (checkout's order modal, given by the app's route). */
export type OrderControl = ComponentType<{ product: Product }>;

function ProductDetails({
  product,
  OrderControl,
}: {
  product: Product;
  OrderControl: OrderControl;
}) {
  const picture = sizedImage(product.img, 'details');
  usePreloadImage(picture);
  const label = product.category === 'tyre' ? product.euLabel : null;
  const price = useShelfPrices([product])(product);
  return (
    <>
      <ShopItemLayout $align="center" aria-labelledby="product-name">
        <Picture src={picture} alt={product.name} width={640} height={480} fetchPriority="high" />
        <Body>
          <h1 id="product-name">{product.name}</h1>
          {product.category === 'tyre' && <ModelLink productId={product._id} />}
          <Reviews>{copy.product.reviewsLabel}</Reviews>
          <Description>{product.description}</Description>
          <Price aria-busy={price.text === null}>{price.text}</Price>
          {price.note && <PriceNote>{price.note}</PriceNote>}
          <PromotionBadgeSlot productId={product._id} ids={product._id} />
          <Stock>
            <strong>{productPageCopy.inStock(product.availablequantity)}</strong>
            <Delivery />
          </Stock>
          <Facts>
            <dt>{copy.product.availableQuantity}</dt>
            <dd>{product.availablequantity}</dd>
            <dt>{copy.product.orderQuantity}</dt>
            <dd>{product.orderquantity}</dd>
            {/* So the stock and the modal's 'You can order up to N' never seem to disagree. */}
            <dt>{productPageCopy.youCanOrder}</dt>
            <dd>{orderableText(product)}</dd>
          </Facts>
          {product.status === 'retired' ? (
            <Retired role="status">{PRODUCT_RETIRED}</Retired>
          ) : (
            <>
              {/* The bag gathers several products for one checkout; the order modal below is
                  the spec's "buy this one now", unchanged. */}
              <AddToBag product={product} describedBy="product-name" />
              {product.category === 'tyre' && (
                <CompareToggle productId={product._id} describedBy="product-name" />
              )}
              <OrderControl product={product} />
            </>
          )}
        </Body>
      </ShopItemLayout>
      <Details>
        <SpecTable product={product} label={label} />
        {label && (
          <section aria-labelledby="eu-label">
            <h2 id="eu-label">{productPageCopy.label.heading}</h2>
            <EuTyreLabel label={label} tyre={product.name} identifier={product.sku} />
          </section>
        )}
      </Details>
      <StructuredData product={product} />
    </>
  );
}

/**
 * `/productdetails/:id`: one product, public and server-rendered (its loader asks for it), with
 * its specification, its EU label for a tyre, and ordering it through the order modal (which
 * asks a visitor to sign in first).
 */
export function ProductPage({ OrderControl }: { OrderControl: OrderControl }) {
  const { id = '' } = useParams();
  const query = useGetProductQuery(id);
  const product = query.data;
  usePageTitle(
    product?.name ?? productPageCopy.detailsTitle,
    product &&
      productPageCopy.metaDescription(
        product.name,
        formatPrice(product.price),
        product.description,
      ),
  );
  return (
    <ShopItemPage query={query} copy={productPageCopy}>
      {(product) => <ProductDetails product={product} OrderControl={OrderControl} />}
    </ShopItemPage>
  );
}
