import { useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { ShopItemLayout, ShopItemPage } from '../../shared/ShopItemPage';
import type { TyreModel } from '@contract/models';
import type { Product } from '@contract/products';
import { AddToBag } from '../../shared/products/AddToBag';
import { useShelfPrices } from '../../shared/markets/useShelfPrices';
import { CATEGORY_SINGULAR, SEASON_LABELS } from '../../ui/catalogLabels';
import { EuLabelBadges } from '../../ui/EuLabelBadges';
import { formatPrice } from '../../ui/formatPrice';
import { sizedImage } from '../../ui/imageSize';
import { TextLink } from '../../ui/TextLink';
import { media } from '../../ui/theme';
import { usePageTitle } from '../../ui/usePageTitle';
import { CompareToggle } from '../../shared/models/CompareToggle';
import { modelCopy as copy } from './modelCopy';
import { ModelGallery, type GalleryPicture } from './ModelGallery';
import { ModelReviews } from './ModelReviews';
import { useGetModelQuery } from '../../shared/models/modelsApi';
import { chooseSize, fitsCar, sizeInAddress } from './sizeChoice';
import { SizesTable, sizeName } from './SizesTable';
import { useCarSizes } from './useCarSizes';

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
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

const Kind = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-weight: 600;
`;

const Description = styled.p`
  color: ${({ theme }) => theme.colors.inkSoft};
  max-width: ${({ theme }) => theme.textWidth};
`;

const Features = styled.ul`
  margin: 0;
  padding-left: 1.2rem;
  color: ${({ theme }) => theme.colors.inkSoft};
`;

/** The chosen size: what Add to bag and Add to compare act on. */
const Chosen = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 2px solid ${({ theme }) => theme.colors.accent};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Eyebrow = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;

const Price = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 800;
  font-variant-numeric: tabular-nums;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Stock = styled.p`
  color: ${({ theme }) => theme.colors.success};
  font-weight: 700;
`;

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space.xl};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space.md};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

/** The gallery for the chosen size: the model's pictures and those of this size only. */
function galleryFor(model: TyreModel, size: Product): GalleryPicture[] {
  const pictures = model.pictures
    .filter((picture) => picture.productId === null || picture.productId === size._id)
    .map((picture) => ({
      key: picture._id,
      cardUrl: picture.cardUrl,
      detailsUrl: picture.detailsUrl,
      alt: picture.alt,
    }));
  if (pictures.length > 0) return pictures;
  return [
    {
      key: size._id,
      cardUrl: sizedImage(size.img, 'card'),
      detailsUrl: sizedImage(size.img, 'details'),
      alt: size.name,
    },
  ];
}

function ModelDetails({ model }: { model: TyreModel }) {
  const [params] = useSearchParams();
  const carSizes = useCarSizes();
  const named = sizeInAddress(params);
  const chosen = chooseSize(model.sizes, named, carSizes)!;
  const forCar = chosen._id !== named && fitsCar(chosen, carSizes);
  const priceOf = useShelfPrices(model.sizes);
  const price = priceOf(chosen);
  const label = chosen.category === 'tyre' ? chosen.euLabel : null;
  const kind = [
    model.season ? SEASON_LABELS[model.season] : null,
    CATEGORY_SINGULAR[model.category],
    copy.sizeCount(model.sizes.length),
  ].filter(Boolean);

  return (
    <>
      <ShopItemLayout $align="start" aria-labelledby="model-name">
        <ModelGallery key={chosen._id} pictures={galleryFor(model, chosen)} />
        <Body>
          <h1 id="model-name">{model.name}</h1>
          <Kind>{kind.join(' · ')}</Kind>
          {model.description && <Description>{model.description}</Description>}
          {model.features.length > 0 && (
            <Features aria-label={copy.features}>
              {model.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </Features>
          )}
          <Chosen aria-labelledby="chosen-size">
            <Eyebrow>{forCar ? copy.chosen.fromCar : copy.chosen.heading}</Eyebrow>
            <h2 id="chosen-size">{sizeName(chosen)}</h2>
            <Price aria-busy={price.text === null}>{price.text}</Price>
            {price.note && <Muted>{price.note}</Muted>}
            <Stock>{copy.inStock(chosen.availablequantity)}</Stock>
            {label && <EuLabelBadges label={label} />}
            <AddToBag product={chosen} describedBy="chosen-size" />
            <CompareToggle productId={chosen._id} describedBy="chosen-size" />
            <TextLink to={`/productdetails/${chosen._id}`}>{copy.chosen.details}</TextLink>
          </Chosen>
        </Body>
      </ShopItemLayout>
      <Section aria-labelledby="model-sizes">
        <h2 id="model-sizes">{copy.sizes.heading}</h2>
        <SizesTable sizes={model.sizes} chosen={chosen} priceOf={priceOf} />
      </Section>
      <ModelReviews model={model} chosen={chosen} />
    </>
  );
}

/**
 * `/model/:id`: a tyre model (issue 51), public and server-rendered like a product's page: its
 * pictures in the admin's order (zoomable), its sizes with price, stock and label classes, the
 * size chosen from the address (`?size=`) or the shopper's car, Add to bag and Add to compare
 * for that size, and what reviews there are.
 */
export function ModelPage() {
  const { id = '' } = useParams();
  const query = useGetModelQuery(id);
  const model = query.data;
  usePageTitle(
    model?.name ?? copy.title,
    model &&
      copy.metaDescription(
        model.name,
        model.sizes.length,
        formatPrice(model.priceFrom),
        model.description,
      ),
  );
  return (
    <ShopItemPage query={query} copy={copy}>
      {(found) => <ModelDetails model={found} />}
    </ShopItemPage>
  );
}
