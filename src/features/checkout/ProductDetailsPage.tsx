import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { sizedImage } from '../../ui/imageSize';
import { PRODUCT_RETIRED } from '@contract/catalogTerms';
import type { Product } from '@contract/products';
import { checkoutCopy } from '@contract/checkoutCopy';
import { copy } from '@contract/copy';
import { apiErrorStatus } from '../../store/apiError';
import { useGetProductQuery } from '../../store/api';
import { AddToBag } from '../../ui/AddToBag';
import { ButtonLink } from '../../ui/Button';
import { formatPrice } from '../../ui/formatPrice';
import { Page } from '../../ui/Page';
import { QueryState } from '../../ui/QueryState';
import { TextLink } from '../../ui/TextLink';
import { media } from '../../ui/theme';
import { usePageTitle } from '../../ui/usePageTitle';
import { maxOrderable } from './orderModal/orderFields';
import { OrderModal } from './orderModal/OrderModal';

const Layout = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  ${media.desktop} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    align-items: center;
    gap: ${({ theme }) => theme.space.xl};
    padding: ${({ theme }) => theme.space.xl};
  }
`;

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

const Missing = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.md};
  max-width: 36rem;
  margin: ${({ theme }) => theme.space.lg} auto;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  text-align: center;
  h1,
  p {
    margin: 0;
  }
  h1 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
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

const Back = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
`;

/** Beside the stock: what one order can take (the spec keeps the order quantity back). */
export function orderableText(product: Product): string {
  const max = maxOrderable(product);
  return max > 0 ? checkoutCopy.product.upTo(max) : checkoutCopy.product.outOfStock;
}

function ProductDetails({ product }: { product: Product }) {
  return (
    <Layout aria-labelledby="product-name">
      <Picture
        src={sizedImage(product.img, 'details')}
        alt={product.name}
        width={640}
        height={480}
      />
      <Body>
        <h1 id="product-name">{product.name}</h1>
        <Reviews>{copy.product.reviewsLabel}</Reviews>
        <Description>{product.description}</Description>
        <Price>{formatPrice(product.price)}</Price>
        <Facts>
          <dt>{copy.product.availableQuantity}</dt>
          <dd>{product.availablequantity}</dd>
          <dt>{copy.product.orderQuantity}</dt>
          <dd>{product.orderquantity}</dd>
          {/* So the stock and the modal's 'You can order up to N' never seem to disagree. */}
          <dt>{checkoutCopy.product.youCanOrder}</dt>
          <dd>{orderableText(product)}</dd>
        </Facts>
        {product.status === 'retired' ? (
          <Retired role="status">{PRODUCT_RETIRED}</Retired>
        ) : (
          <>
            {/* The bag gathers several products for one checkout; the order modal below is
                the spec's "buy this one now", unchanged. */}
            <AddToBag product={product} describedBy="product-name" />
            <OrderModal product={product} />
          </>
        )}
      </Body>
    </Layout>
  );
}

/** `/productdetails/:id`: one product, and ordering it through the order modal. */
export function ProductDetailsPage() {
  const { id = '' } = useParams();
  const query = useGetProductQuery(id);
  usePageTitle(query.data?.name ?? checkoutCopy.product.detailsTitle);
  const status = apiErrorStatus(query.error);

  return (
    <Page>
      <Back>
        <TextLink to="/shop">{checkoutCopy.product.allProducts}</TextLink>
      </Back>
      {!query.data && (status === 404 || status === 400) ? (
        <Missing role="alert">
          <h1>{checkoutCopy.product.missingTitle}</h1>
          <p>{checkoutCopy.product.missingHint}</p>
          <ButtonLink to="/shop">{checkoutCopy.product.goToShop}</ButtonLink>
        </Missing>
      ) : (
        <QueryState
          query={query}
          loadingLabel={checkoutCopy.product.loading}
          errorMessage={checkoutCopy.product.loadFailed}
        >
          {(product) => <ProductDetails product={product} />}
        </QueryState>
      )}
    </Page>
  );
}
