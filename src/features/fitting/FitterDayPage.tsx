import { useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import type { FitterAppointment, FitterDay } from '@contract/appointments';
import { apiErrorMessage } from '../../store/apiError';
import { QueryState } from '../../shared/QueryState';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/Field';
import { PageHeading, PageIntro } from '../../ui/Page';
import { usePageTitle } from '../../ui/usePageTitle';
import { fitterCopy as words } from './fitterCopy';
import {
  useGetFitterDayQuery,
  useGetMyCentresQuery,
  useMarkAppointmentMutation,
} from './fitterApi';

/**
 * The fitter's day at a centre: each fitting with the car, the tyres and the buttons. A fitter
 * picks from their own centres only (the server refuses the others); with one, it is chosen.
 */
export function FitterDayPage() {
  usePageTitle(words.title);
  const centres = useGetMyCentresQuery();
  const [params, setParams] = useSearchParams();
  const only = centres.data?.length === 1 ? centres.data[0]!._id : '';
  const centreId = params.get('centre') ?? only;
  return (
    <>
      <PageHeading>{words.title}</PageHeading>
      <PageIntro>{words.intro}</PageIntro>
      <QueryState
        query={centres}
        loadingLabel={words.loadingCentres}
        errorMessage={words.centresFailed}
      >
        {(list) =>
          list.length === 0 ? (
            <p>{words.noCentres}</p>
          ) : (
            <SelectField
              label={words.centre}
              value={centreId}
              onChange={(event) =>
                setParams(event.target.value ? { centre: event.target.value } : {})
              }
            >
              <option value="">{words.chooseCentre}</option>
              {list.map((centre) => (
                <option key={centre._id} value={centre._id}>
                  {centre.name} ({centre.city})
                </option>
              ))}
            </SelectField>
          )
        }
      </QueryState>
      {centreId && <CentreDay centreId={centreId} />}
    </>
  );
}

function CentreDay({ centreId }: { centreId: string }) {
  const day = useGetFitterDayQuery(centreId, { pollingInterval: 60_000 });
  return (
    <QueryState query={day} loadingLabel={words.loading} errorMessage={words.loadFailed}>
      {(data) => <DayList day={data} />}
    </QueryState>
  );
}

const localDay = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(iso));
const localTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );

function DayList({ day }: { day: FitterDay }) {
  const zone = day.centre.timeZone;
  const groups = [
    {
      title: words.today,
      items: day.appointments.filter((a) => localDay(a.startsAt, zone) === day.today),
    },
    {
      title: words.tomorrow,
      items: day.appointments.filter((a) => localDay(a.startsAt, zone) !== day.today),
    },
  ];
  return (
    <>
      {groups.map((group) => (
        <section key={group.title} aria-label={group.title}>
          <DayHeading>{group.title}</DayHeading>
          {group.items.length === 0 ? (
            <p>{words.none}</p>
          ) : (
            <List>
              {group.items.map((appointment) => (
                <AppointmentCard
                  key={appointment._id}
                  appointment={appointment}
                  zone={zone}
                  centreId={day.centre._id}
                />
              ))}
            </List>
          )}
        </section>
      ))}
    </>
  );
}

function AppointmentCard({
  appointment: a,
  zone,
  centreId,
}: {
  appointment: FitterAppointment;
  zone: string;
  centreId: string;
}) {
  const [mark, { isLoading }] = useMarkAppointmentMutation();
  const act = async (status: 'arrived' | 'fitted' | 'no_show', label: string) => {
    try {
      await mark({ id: a._id, centreId, status }).unwrap();
      toast.success(words.marked(label));
    } catch (error) {
      toast.error(apiErrorMessage(error));
    }
  };
  const open = a.status === 'booked' || a.status === 'arrived';
  return (
    <Item aria-label={`${localTime(a.startsAt, zone)} ${a.car || words.noCar}`}>
      <When>
        <strong>
          {localTime(a.startsAt, zone)}–{localTime(a.endsAt, zone)}
        </strong>
        <span>{words.bay(a.bay)}</span>
        <Status $status={a.status}>{words.status[a.status]}</Status>
      </When>
      <Facts>
        <dt>{words.car}</dt>
        <dd>{a.car || words.noCar}</dd>
        <dt>{words.customer}</dt>
        <dd>
          {a.customer} {a.phone && <a href={`tel:${a.phone}`}>{a.phone}</a>}
        </dd>
        <dt>{words.tyres}</dt>
        <dd>
          {words.job[a.job]}
          {a.tpms ? words.tpms : ''}:{' '}
          {a.tyres.map((tyre) => `${tyre.quantity} × ${tyre.name}`).join(', ')}
          <br />
          <Arrival $arrived={a.tyresArrived}>
            {a.tyresArrived
              ? words.tyresArrived
              : words.tyresDue(
                  `${localDay(a.tyresReadyAt, zone)} ${localTime(a.tyresReadyAt, zone)}`,
                )}
          </Arrival>
          {!a.paid && <Unpaid> · {words.unpaid}</Unpaid>}
        </dd>
      </Facts>
      {open && (
        <Actions>
          {a.status === 'booked' && (
            <Button
              $variant="secondary"
              disabled={isLoading}
              onClick={() => void act('arrived', words.arrived)}
            >
              {words.arrived}
            </Button>
          )}
          <Button disabled={isLoading || !a.paid} onClick={() => void act('fitted', words.fitted)}>
            {words.fitted}
          </Button>
          {a.status === 'booked' && (
            <Button
              $variant="danger"
              disabled={isLoading}
              onClick={() => void act('no_show', words.noShow)}
            >
              {words.noShow}
            </Button>
          )}
        </Actions>
      )}
    </Item>
  );
}

const DayHeading = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  margin: ${({ theme }) => `${theme.space.lg} 0 ${theme.space.sm}`};
`;

const List = styled.ol`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const Item = styled.li`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.card};
  padding: ${({ theme }) => theme.space.md};
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const When = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  align-items: baseline;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Status = styled.span<{ $status: string }>`
  margin-left: auto;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  color: ${({ theme, $status }) =>
    $status === 'fitted'
      ? theme.colors.success
      : $status === 'no_show'
        ? theme.colors.danger
        : theme.colors.inkSoft};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
  }
`;

const Arrival = styled.span<{ $arrived: boolean }>`
  font-weight: 600;
  color: ${({ theme, $arrived }) => ($arrived ? theme.colors.success : theme.colors.accentText)};
`;

const Unpaid = styled.span`
  color: ${({ theme }) => theme.colors.danger};
`;

/** Big enough to tap with a gloved finger on a tablet. */
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  button {
    min-height: 48px;
    min-width: 120px;
  }
`;
