import { useState } from 'react';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import type { FittingCentre } from '@contract/fittingCentres';
import { QueryState } from '../../../../shared/QueryState';
import { apiErrorMessage } from '../../../../store/apiError';
import { Button } from '../../../../ui/Button';
import { PageHeading, PageIntro } from '../../../../ui/Page';
import { panelSurface } from '../../../../ui/surface';
import { media } from '../../../../ui/theme';
import { usePageTitle } from '../../../../ui/usePageTitle';
import { VisuallyHidden } from '../../../../ui/VisuallyHidden';
import { CentreForm } from './CentreForm';
import { centresCopy as words } from './centresCopy';
import { useDeleteCentreMutation, useGetEveryCentreQuery } from './centresApi';

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.lg} 0 0;
  padding: 0;
  list-style: none;
  ${media.tablet} {
    grid-template-columns: repeat(auto-fill, minmax(20rem, 1fr));
  }
`;

const Card = styled.li<{ $inactive: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md};
  ${panelSurface}
  opacity: ${({ $inactive }) => ($inactive ? 0.7 : 1)};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.muted};
    overflow-wrap: anywhere;
  }
  div {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space.sm};
    margin-top: ${({ theme }) => theme.space.sm};
  }
  button {
    min-height: 44px;
  }
`;

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

  const removeCentre = async (centre: FittingCentre) => {
    if (!window.confirm(words.removeConfirm(centre.name))) return;
    try {
      await remove(centre._id).unwrap();
      toast.success(words.removed(centre.name));
    } catch (error) {
      toast.error(apiErrorMessage(error));
    }
  };

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
                <List>
                  {list.map((centre) => (
                    <Card
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
                    </Card>
                  ))}
                </List>
              )
            }
          </QueryState>
        </>
      )}
    </>
  );
}
