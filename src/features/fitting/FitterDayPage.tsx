import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { FitterDay } from '@contract/appointments';
import { QueryState } from '../../shared/QueryState';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/Field';
import { PageHeading, PageIntro } from '../../ui/Page';
import { usePageTitle } from '../../ui/usePageTitle';
import { fitterCopy as words } from './fitterCopy';
import { useGetFitterDayQuery, useGetMyCentresQuery } from './fitterApi';
import { FitterAppointmentCard, FitterList } from './FitterAppointmentCard';
import { addDays, dayTitle, localDay } from './fitterDays';

/**
 * The fitter's day at a centre: each fitting with the car, the tyres and the buttons, today and
 * tomorrow first, a day at a time later or earlier (`from` in the address, so a reload keeps
 * it). A fitter picks from their own centres only (the server refuses the others); with one,
 * it is chosen.
 */
export function FitterDayPage() {
  usePageTitle(words.title);
  const centres = useGetMyCentresQuery();
  const [params, setParams] = useSearchParams();
  const only = centres.data?.length === 1 ? centres.data[0]!._id : '';
  const centreId = params.get('centre') ?? only;
  const from = params.get('from') ?? undefined;
  const showFrom = (day: string | null) =>
    setParams(day ? { centre: centreId, from: day } : { centre: centreId });
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
      {centreId && <CentreDays centreId={centreId} from={from} onStep={showFrom} />}
    </>
  );
}

function CentreDays({
  centreId,
  from,
  onStep,
}: {
  centreId: string;
  from: string | undefined;
  onStep: (from: string | null) => void;
}) {
  const day = useGetFitterDayQuery({ centreId, from }, { pollingInterval: 60_000 });
  return (
    <QueryState query={day} loadingLabel={words.loading} errorMessage={words.loadFailed}>
      {(data) => (
        <>
          <Stepper aria-label={words.days}>
            <Button $variant="secondary" onClick={() => onStep(addDays(data.days[0]!, -1))}>
              ← {words.earlier}
            </Button>
            {data.days[0] !== data.today && (
              <Button $variant="ghost" onClick={() => onStep(null)}>
                {words.backToToday}
              </Button>
            )}
            <Button $variant="secondary" onClick={() => onStep(addDays(data.days[0]!, 1))}>
              {words.later} →
            </Button>
          </Stepper>
          <DayList day={data} />
        </>
      )}
    </QueryState>
  );
}

function DayList({ day }: { day: FitterDay }) {
  const zone = day.centre.timeZone;
  return (
    <>
      {day.days.map((date) => {
        const title = dayTitle(date, day.today);
        const items = day.appointments.filter((a) => localDay(a.startsAt, zone) === date);
        return (
          <section key={date} aria-label={title}>
            <DayHeading>{title}</DayHeading>
            {items.length === 0 ? (
              <p>{words.none}</p>
            ) : (
              <FitterList>
                {items.map((appointment) => (
                  <FitterAppointmentCard
                    key={appointment._id}
                    appointment={appointment}
                    zone={zone}
                    centreId={day.centre._id}
                  />
                ))}
              </FitterList>
            )}
          </section>
        );
      })}
    </>
  );
}

/** Big enough to tap on a tablet; one row, wrapping on a phone. */
const Stepper = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};
  button {
    min-height: 48px;
  }
  button:last-child {
    margin-left: auto;
  }
`;

const DayHeading = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  margin: ${({ theme }) => `${theme.space.lg} 0 ${theme.space.sm}`};
`;
