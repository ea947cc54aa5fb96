import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { ModelCard as ModelCardData } from '@contract/models';
import type { Product } from '@contract/products';
import { Card, CardBody, CardMedia, CardTitle } from '../../ui/Card';
import { CardGrid } from '../../ui/Grid';
import { sizedImage } from '../../ui/imageSize';
import { useShelfPrices, type ShownPrice } from '../../shared/markets/useShelfPrices';
import { modelListCopy as words } from './modelListCopy';

/** Sizes a card lists before "and n more on its page". */
const SIZES_SHOWN = 6;

const Sizes = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  li {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.sm};
    padding-bottom: ${({ theme }) => theme.space.xs};
    border-bottom: 1px solid ${({ theme }) => theme.colors.line};
  }
  span {
    font-weight: 700;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
`;

const From = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 800;
  font-variant-numeric: tabular-nums;
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Title = styled(CardTitle)`
  a {
    color: inherit;
  }
`;

/** A tyre's size as its sidewall writes it; a part or wheel by its name. */
const sizeText = (size: Product) =>
  size.width !== null && size.aspect !== null && size.rim !== null
    ? `${size.width}/${size.aspect} R${size.rim}${size.loadIndex ? ` ${size.loadIndex}${size.speedRating ?? ''}` : ''}`
    : size.name;

function ModelCard({
  model,
  headingLevel,
  eager,
  priceOf,
}: {
  model: ModelCardData;
  headingLevel: 2 | 3;
  eager: boolean;
  priceOf: (product: Product) => ShownPrice;
}) {
  const page = `/model/${model._id}`;
  const headingId = `model-${model._id}`;
  // "From" the cheapest on the shelf: in a market, its own price may differ from its dollars'.
  const shelf = (size: Product) => size.shelfPrice?.minor ?? size.price * 100;
  const cheapest = model.sizes.reduce((low, size) => (shelf(size) < shelf(low) ? size : low));
  const more = model.sizes.length - SIZES_SHOWN;
  return (
    <Card aria-labelledby={headingId}>
      <Link to={page} tabIndex={-1} aria-hidden="true">
        <CardMedia
          src={sizedImage(model.img, 'card')}
          alt=""
          width={400}
          height={300}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      </Link>
      <CardBody>
        <Title as={`h${headingLevel}`} id={headingId}>
          <Link to={page}>{model.name}</Link>
        </Title>
        <From aria-busy={priceOf(cheapest).text === null}>
          {words.from(priceOf(cheapest).text ?? '')}
        </From>
        <Muted>{words.sizesMatching(model.sizes.length)}</Muted>
        <Sizes aria-label={words.sizesOf(model.name)}>
          {model.sizes.slice(0, SIZES_SHOWN).map((size) => (
            <li key={size._id}>
              <Link to={`/productdetails/${size._id}`}>{sizeText(size)}</Link>
              <span>{priceOf(size).text}</span>
            </li>
          ))}
        </Sizes>
        {more > 0 && <Link to={page}>{words.more(more)}</Link>}
      </CardBody>
    </Card>
  );
}

/** The shop's page listed by model (issue 51): each model with its sizes that match. */
export function ModelCards({
  models,
  eager = 0,
  busy = false,
}: {
  models: readonly ModelCardData[];
  eager?: number;
  busy?: boolean;
}) {
  const priceOf = useShelfPrices(models.flatMap((model) => model.sizes));
  return (
    <CardGrid aria-label={words.listName} aria-busy={busy}>
      {models.map((model, index) => (
        <li key={model._id}>
          <ModelCard model={model} headingLevel={2} eager={index < eager} priceOf={priceOf} />
        </li>
      ))}
    </CardGrid>
  );
}
