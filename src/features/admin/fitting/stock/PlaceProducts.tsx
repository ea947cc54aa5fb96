import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { STOCK_PLACE_LIMITS, type StockPlace, type StockPlaces } from '@contract/stockPlaces';
import { QueryState } from '../../../../shared/QueryState';
import { apiErrorMessage } from '../../../../store/apiError';
import { Button } from '../../../../ui/Button';
import { SelectField, TextField } from '../../../../ui/Field';
import { panelSurface } from '../../../../ui/surface';
import { stockPlacesCopy } from './stockPlacesCopy';
import { useGetPlaceProductsQuery, usePlaceProductsMutation } from './stockPlacesApi';

const words = stockPlacesCopy.stock;
const PAGE = STOCK_PLACE_LIMITS.page;

/**
 * The products kept at one place, searched and paged; and products brought here from another
 * place (their whole stock moves: a product is kept at one place).
 */
export function PlaceProducts({
  place,
  view,
  onDone,
}: {
  place: StockPlace;
  view: StockPlaces;
  onDone: () => void;
}) {
  const others = view.places.filter((other) => other.code !== place.code);
  return (
    <Panel aria-labelledby="place-products">
      <Top>
        <h2 id="place-products">{words.title(place.name)}</h2>
        <Button $variant="ghost" onClick={onDone}>
          {stockPlacesCopy.close}
        </Button>
      </Top>
      <ProductList code={place.code} label={words.title(place.name)} />
      <h3>{words.bringTitle}</h3>
      {others.length === 0 ? <p>{words.noOtherPlace}</p> : <Bring place={place} others={others} />}
    </Panel>
  );
}

/** A search box and a page of a place's products; `choose` turns each into a checkbox. */
function ProductList({
  code,
  label,
  chosen,
  onChoose,
}: {
  code: string;
  label: string;
  chosen?: ReadonlySet<string>;
  onChoose?: (id: string, on: boolean) => void;
}) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const products = useGetPlaceProductsQuery({ code, q, offset });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed.trim());
    setOffset(0);
  };
  return (
    <>
      <Search role="search" aria-label={`${label}: ${words.search}`} onSubmit={search}>
        <TextField
          label={words.search}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          maxLength={100}
        />
        <Button type="submit" $variant="secondary">
          {words.find}
        </Button>
      </Search>
      <QueryState query={products} loadingLabel={words.loading} errorMessage={words.failed}>
        {(page) =>
          page.total === 0 ? (
            <p>{words.none}</p>
          ) : (
            <>
              <Lines aria-label={label}>
                {page.products.map((product) => (
                  <li key={product._id}>
                    {onChoose ? (
                      <label>
                        <input
                          type="checkbox"
                          checked={chosen?.has(product._id) ?? false}
                          onChange={(event) => onChoose(product._id, event.target.checked)}
                          aria-label={words.choose(product.name)}
                        />
                        <span>{product.name}</span>
                      </label>
                    ) : (
                      <span>{product.name}</span>
                    )}
                    <small>
                      {product.sku} · {words.inStock(product.stock)}
                    </small>
                  </li>
                ))}
              </Lines>
              <Pager>
                <span>{words.showing(offset + 1, offset + page.products.length, page.total)}</span>
                <Button
                  $variant="ghost"
                  disabled={offset === 0}
                  onClick={() => setOffset(Math.max(0, offset - PAGE))}
                >
                  {words.earlier}
                </Button>
                <Button
                  $variant="ghost"
                  disabled={offset + PAGE >= page.total}
                  onClick={() => setOffset(offset + PAGE)}
                >
                  {words.later}
                </Button>
              </Pager>
            </>
          )
        }
      </QueryState>
    </>
  );
}

function Bring({ place, others }: { place: StockPlace; others: StockPlace[] }) {
  const [from, setFrom] = useState(others[0]!.code);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [move, { isLoading }] = usePlaceProductsMutation();
  const choose = (id: string, on: boolean) =>
    setChosen((was) => {
      const next = new Set(was);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const bring = async () => {
    try {
      await move({ code: place.code, productIds: [...chosen] }).unwrap();
      toast.success(words.moved(chosen.size, place.name));
      setChosen(new Set());
    } catch (error) {
      toast.error(apiErrorMessage(error));
    }
  };
  const fromPlace = others.find((other) => other.code === from)!;
  return (
    <>
      <SelectField
        label={words.from}
        value={from}
        onChange={(event) => {
          setFrom(event.target.value);
          setChosen(new Set());
        }}
      >
        {others.map((other) => (
          <option key={other.code} value={other.code}>
            {other.name} ({other.code})
          </option>
        ))}
      </SelectField>
      <ProductList
        key={from}
        code={from}
        label={words.title(fromPlace.name)}
        chosen={chosen}
        onChoose={choose}
      />
      <div>
        <Button $size="lg" disabled={chosen.size === 0 || isLoading} onClick={() => void bring()}>
          {words.move(chosen.size)}
        </Button>
      </div>
    </>
  );
}

const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  max-width: 48rem;
  padding: ${({ theme }) => theme.space.lg};
  ${panelSurface}
  h2,
  h3,
  p {
    margin: 0;
  }
`;

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const Search = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: ${({ theme }) => theme.space.sm};
  > :first-child {
    flex: 1 1 14rem;
  }
  button {
    min-height: 44px;
  }
`;

const Lines = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
    padding: ${({ theme }) => theme.space.xs} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.line};
    overflow-wrap: anywhere;
  }
  label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    min-height: 44px;
  }
  input {
    width: 1.2rem;
    height: 1.2rem;
    margin: 0;
  }
  small {
    color: ${({ theme }) => theme.colors.muted};
  }
`;

const Pager = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  span {
    margin-right: auto;
    color: ${({ theme }) => theme.colors.muted};
  }
`;
