import type { Product } from '@contract/products';
import type { CardExtras } from '../products/ProductCard';
import { idsKey } from '../markets/marketsApi';
import { TextLink } from '../../ui/TextLink';
import { useHydrated } from '../../ui/useHydrated';
import { CompareToggle } from './CompareToggle';
import { modelHref, modelLinkCopy } from './modelAddress';
import { useGetModelsOfProductsQuery } from './modelsApi';

/**
 * A card's way to its model's page, this size chosen, when the model has other sizes. Asked for
 * once a page (`ids`), after hydration: the server renders the cards without it.
 */
function CardModelLink({ product, ids }: { product: Product; ids: string }) {
  const hydrated = useHydrated();
  const { data } = useGetModelsOfProductsQuery(ids, { skip: !hydrated });
  const model = data?.find((one) => one.productId === product._id);
  if (!model || model.sizes < 2) return null;
  return (
    <TextLink
      to={modelHref(model.modelId, product._id)}
      aria-describedby={`product-${product._id}`}
    >
      {modelLinkCopy.cardLink(model.sizes)}
    </TextLink>
  );
}

/**
 * What a shop card adds for a tyre (issue 51): the link to its model's other sizes and Add to
 * compare. `products`: the page's cards, whose models come in one call.
 */
export function cardExtrasOf(products: readonly Product[]) {
  const ids = idsKey(products.map((product) => product._id));
  return function cardExtras(product: Product): CardExtras | undefined {
    if (product.category !== 'tyre') return undefined;
    return {
      byPrice: <CardModelLink product={product} ids={ids} />,
      byBookNow: (
        <CompareToggle productId={product._id} describedBy={`product-${product._id}`} inCard />
      ),
    };
  };
}
