import { toast } from 'react-toastify';
import styled from 'styled-components';
import type { FitterAppointment } from '@contract/appointments';
import { apiErrorMessage } from '../../store/apiError';
import { Button } from '../../ui/Button';
import { formatDay } from '../../ui/formatDay';
import { fitterCopy as words } from './fitterCopy';
import { useMarkAppointmentMutation } from './fitterApi';
import { localDay, localTime } from './fitterDays';

/**
 * One fitting on the fitter's day: the time and bay, the car, the customer, the tyres and
 * whether they have arrived, and the buttons the fitter presses (big enough for a tablet).
 */
export function FitterAppointmentCard({
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
              : words.tyresDue(formatDay(localDay(a.tyresReadyAt, zone), 'short'))}
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

export const FitterList = styled.ol`
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
