import styled from 'styled-components';
import type { Product } from '../../../server/src/contract/products';
import { copy } from '../../copy';
import { ButtonLink } from '../../ui/Button';
import { formatPrice } from './formatPrice';

const Card = styled.article`
  display: flex;
  flex-direction: column;
  height: 100%;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

const Picture = styled.img`
  width: 100%;
  aspect-ratio: 4 / 3;
  object-fit: cover;
  background: ${({ theme }) => theme.colors.background};
`;

const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg}
    ${({ theme }) => theme.space.lg};
`;

const Name = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Description = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Price = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 800;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  margin: 0 0 ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;

const Action = styled(ButtonLink)`
  margin-top: auto;
`;

/** A product in the catalogue, as the spec's card shows it. */
export function ProductCard({ product }: { product: Product }) {
  return (
    <Card aria-labelledby={`product-${product._id}`}>
      <Picture src={product.img} alt={product.name} width={400} height={300} loading="lazy" />
      <Body>
        <Name id={`product-${product._id}`}>{product.name}</Name>
        <Description>{product.description}</Description>
        <Price>{formatPrice(product.price)}</Price>
        <Facts>
          <dt>{copy.product.orderQuantity}</dt>
          <dd>{product.orderquantity}</dd>
          <dt>{copy.product.availableQuantity}</dt>
          <dd>{product.availablequantity}</dd>
        </Facts>
        <Action to={`/productdetails/${product._id}`}>{copy.product.bookNow}</Action>
      </Body>
    </Card>
  );
}
