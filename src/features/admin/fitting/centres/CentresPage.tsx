import { useState } from 'react';
import { toast } from 'react-toastify';
import type { FittingCentre } from '@contract/fittingCentres';
import { QueryState } from '../../../../shared/QueryState';
import { Button } from '../../../../ui/Button';
import { PageHeading, PageIntro } from '../../../../ui/Page';
import { usePageTitle } from '../../../../ui/usePageTitle';
import { VisuallyHidden } from '../../../../ui/VisuallyHidden';
import { AdminCard, AdminCardList, removeConfirmed } from '../AdminCards';
import { CentreForm } from './CentreForm';
import { centresCopy as words } from './centresCopy';
import { useDeleteCentreMutation, useGetEveryCentreQuery } from './centresApi';

const weekLine = (centre: FittingCentre) =>
  centre.hours
    .map((day, index) =>
      day ? `${words.weekdays[index]!.slice(0, 2)} ${day.opens}–${day.closes}` : null,
    )
    .filter(Boolean)
    .join(' · ');

/**
 * `/dashboard/fitting/centres` (admins, issue 48): every fitting centre as a card, and the form
 * that adds or changes one (its week, closed days, bays, what it can fit, mobile fitting).
 */
export function CentresPage() {
  usePageTitle(words.title);
  const centres = useGetEveryCentreQuery();
  const [editing, setEditing] = useState<FittingCentre | 'new' | null>(null);
  const [remove] = useDeleteCentreMutation();

  const removeCentre = (centre: FittingCentre) =>
    removeConfirmed(centre, (item) => remove(item._id).unwrap(), words);

  return (
    <>
      <PageHeading>{words.title}</PageHeading>
      <PageIntro>{words.intro}</PageIntro>
      {editing ? (
        <CentreForm
          key={editing === 'new' ? 'new' : editing._id}
          centre={editing === 'new' ? null : editing}
          onDone={(saved) => {
            if (saved)
              toast.success(editing === 'new' ? words.added(saved.name) : words.saved(saved.name));
            setEditing(null);
          }}
        />
      ) : (
        <>
          <Button $size="lg" onClick={() => setEditing('new')}>
            {words.add}
          </Button>
          <QueryState query={centres} loadingLabel={words.loading} errorMessage={words.failed}>
            {(list) =>
              list.length === 0 ? (
                <p>{words.none}</p>
              ) : (
                <AdminCardList>
                  {list.map((centre) => (
                    <AdminCard
                      key={centre._id}
                      $inactive={!centre.active}
                      aria-labelledby={`c-${centre._id}`}
                    >
                      <h2 id={`c-${centre._id}`}>
                        {centre.name} <small>({centre.code})</small>
                        {!centre.active && ` · ${words.inactive}`}
                      </h2>
                      <p>
                        {centre.street}, {centre.city} {centre.postcode}
                      </p>
                      <p>
                        {words.bays(centre.bays)} · {words.rim(centre.capabilities.maxRim)}
                        {centre.capabilities.runFlat ? ' · run-flat' : ''}
                        {centre.capabilities.tpms ? ' · TPMS' : ''}
                      </p>
                      <p>{weekLine(centre)}</p>
                      <div>
                        <Button $variant="secondary" onClick={() => setEditing(centre)}>
                          {words.edit} <VisuallyHidden>{centre.name}</VisuallyHidden>
                        </Button>
                        <Button $variant="ghost" onClick={() => void removeCentre(centre)}>
                          {words.remove}
                        </Button>
                      </div>
                    </AdminCard>
                  ))}
                </AdminCardList>
              )
            }
          </QueryState>
        </>
      )}
    </>
  );
}
