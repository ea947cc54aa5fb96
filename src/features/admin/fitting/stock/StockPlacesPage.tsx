import { useState } from 'react';
import { toast } from 'react-toastify';
import { MAIN_PLACE, type StockPlace, type StockPlaces } from '@contract/stockPlaces';
import { QueryState } from '../../../../shared/QueryState';
import { Button } from '../../../../ui/Button';
import { PageHeading, PageIntro } from '../../../../ui/Page';
import { usePageTitle } from '../../../../ui/usePageTitle';
import { VisuallyHidden } from '../../../../ui/VisuallyHidden';
import { AdminCard, AdminCardList, removeConfirmed } from '../AdminCards';
import { LeadTimesForm } from './LeadTimesForm';
import { PlaceForm } from './PlaceForm';
import { PlaceProducts } from './PlaceProducts';
import { stockPlacesCopy as words } from './stockPlacesCopy';
import { useDeleteStockPlaceMutation, useGetStockPlacesQuery } from './stockPlacesApi';

/** What the page has open: a form for a new place, or one place's form, lead times or products. */
type Open = { what: 'new' } | { what: 'edit' | 'lead' | 'products'; code: string } | null;

/**
 * `/dashboard/fitting/stock` (the `stock.places` permission, issue 48): every stock place as a
 * card with what it keeps, and the forms to add or change a place, set its lead times to the
 * centres and move products to it.
 */
export function StockPlacesPage() {
  usePageTitle(words.title);
  const view = useGetStockPlacesQuery();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <>
      <PageHeading>{words.title}</PageHeading>
      <PageIntro>{words.intro}</PageIntro>
      <QueryState query={view} loadingLabel={words.loading} errorMessage={words.failed}>
        {(data) => {
          const place = open && open.what !== 'new' ? placeOf(data, open.code) : null;
          if (open?.what === 'new' || open?.what === 'edit') {
            return (
              <PlaceForm
                key={place?.code ?? 'new'}
                place={place}
                centres={data.centres}
                onDone={(saved) => {
                  if (saved)
                    toast.success(place ? words.saved(saved.name) : words.added(saved.name));
                  close();
                }}
              />
            );
          }
          if (place && open?.what === 'lead') {
            return <LeadTimesForm key={place.code} place={place} view={data} onDone={close} />;
          }
          if (place && open?.what === 'products') {
            return <PlaceProducts key={place.code} place={place} view={data} onDone={close} />;
          }
          return <PlaceList view={data} onOpen={setOpen} />;
        }}
      </QueryState>
    </>
  );
}

const placeOf = (view: StockPlaces, code: string) =>
  view.places.find((place) => place.code === code) ?? null;

function PlaceList({ view, onOpen }: { view: StockPlaces; onOpen: (open: Open) => void }) {
  const [remove] = useDeleteStockPlaceMutation();
  const removePlace = (place: StockPlace) =>
    removeConfirmed(place, (item) => remove(item.code).unwrap(), words);
  return (
    <>
      <Button $size="lg" onClick={() => onOpen({ what: 'new' })}>
        {words.add}
      </Button>
      <AdminCardList>
        {view.places.map((place) => (
          <AdminCard key={place.code} aria-labelledby={`place-${place.code}`}>
            <h2 id={`place-${place.code}`}>
              {place.name} <small>({place.code})</small>
            </h2>
            <p>{place.centreName ? words.shelfOf(place.centreName) : words.warehouse}</p>
            <p>{words.counts(place.products, place.units)}</p>
            <div>
              <Button
                $variant="secondary"
                onClick={() => onOpen({ what: 'lead', code: place.code })}
              >
                {words.leadTimes} <VisuallyHidden>{place.name}</VisuallyHidden>
              </Button>
              <Button
                $variant="secondary"
                onClick={() => onOpen({ what: 'products', code: place.code })}
              >
                {words.products} <VisuallyHidden>{place.name}</VisuallyHidden>
              </Button>
              <Button $variant="ghost" onClick={() => onOpen({ what: 'edit', code: place.code })}>
                {words.edit} <VisuallyHidden>{place.name}</VisuallyHidden>
              </Button>
              {place.code !== MAIN_PLACE && (
                <Button $variant="ghost" onClick={() => void removePlace(place)}>
                  {words.remove} <VisuallyHidden>{place.name}</VisuallyHidden>
                </Button>
              )}
            </div>
          </AdminCard>
        ))}
      </AdminCardList>
    </>
  );
}
