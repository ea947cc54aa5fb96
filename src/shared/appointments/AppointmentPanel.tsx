import { useState } from 'react';
import styled from 'styled-components';
import type { Appointment } from '@contract/appointments';
import { apiErrorMessage } from '../../store/apiError';
import { unwrapOrThrow } from '../../store/callApi';
import { useAppDispatch } from '../../store/hooks';
import { Button } from '../../ui/Button';
import { FieldError, FieldHint } from '../../ui/Field';
import { panelSurface } from '../../ui/surface';
import { appointmentCopy } from './appointmentCopy';
import {
  appointmentsApi,
  useCancelAppointmentMutation,
  useMoveAppointmentMutation,
  type AppointmentOwner,
} from './appointmentsApi';
import { Row } from './choiceStyles';
import { SlotPicker } from './SlotPicker';
import { saveCalendar } from './saveCalendar';
import { whenAt } from './whenAt';

const words = appointmentCopy.panel;

const Box = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  ${panelSurface}
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const When = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 700;
`;

const Status = styled.span<{ $live: boolean }>`
  justify-self: start;
  padding: 2px ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme, $live }) => ($live ? theme.colors.accentSoft : theme.colors.background)};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
`;

type Open = 'none' | 'move' | 'cancel';

/**
 * A fitting appointment after checkout (issue 48): the centre, its address and the time at the
 * centre, its calendar file, and moving or cancelling it up to the shop's deadline. `owner` says
 * whose calls change it: the signed-in shopper's, or a guest's by the link's key.
 */
export default function AppointmentPanel({
  appointment: given,
  owner,
  productIds,
}: {
  appointment: Appointment;
  owner: AppointmentOwner;
  /** The tyres of its checkout: the new times wait for them too. */
  productIds: readonly string[];
}) {
  const dispatch = useAppDispatch();
  const [changed, setChanged] = useState<Appointment | null>(null);
  const [open, setOpen] = useState<Open>('none');
  const [newTime, setNewTime] = useState('');
  const [gone, setGone] = useState(false);
  // The clock when the panel opened: the deadline is hours away, a re-render need not read it.
  const [openedAt] = useState(() => Date.now());
  const [said, setSaid] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [move, moving] = useMoveAppointmentMutation();
  const [cancel, cancelling] = useCancelAppointmentMutation();
  const appointment = changed && changed._id === given._id ? changed : given;
  const { centre } = appointment;
  const booked = appointment.status === 'booked';
  const changeable = booked && Date.parse(appointment.changeableUntil) > openedAt;
  const busy = moving.isLoading || cancelling.isLoading;

  const act = async (call: () => Promise<Appointment>, done: string) => {
    setProblem(null);
    try {
      setChanged(await call());
      setSaid(done);
      setOpen('none');
      setNewTime('');
    } catch (error) {
      setProblem(apiErrorMessage(error));
    }
  };
  const download = async () => {
    setProblem(null);
    try {
      const text = await unwrapOrThrow(
        dispatch(appointmentsApi.endpoints.getCalendar.initiate(owner, { subscribe: false })),
      );
      saveCalendar(text, `fitting-${appointment.startsAt.slice(0, 10)}.ics`);
    } catch {
      setProblem(words.calendarFailed);
    }
  };

  return (
    <Box aria-labelledby="appointment-heading">
      <h2 id="appointment-heading">{words.heading}</h2>
      <Status $live={booked}>{words.status[appointment.status]}</Status>
      <When>{whenAt(appointment)}</When>
      <p>
        <strong>{words.at(centre.name)}</strong>
      </p>
      <p>
        {centre.street}, {centre.city} {centre.postcode}
      </p>
      {said && <p role="status">{said}</p>}
      {booked && (
        <Row>
          <Button type="button" $variant="secondary" onClick={() => void download()}>
            {words.calendar}
          </Button>
          {changeable && open === 'none' && (
            <>
              <Button type="button" $variant="secondary" onClick={() => setOpen('move')}>
                {words.move}
              </Button>
              <Button type="button" $variant="ghost" onClick={() => setOpen('cancel')}>
                {words.cancel}
              </Button>
            </>
          )}
        </Row>
      )}
      {booked && (
        <FieldHint>
          {changeable
            ? words.changeUntil(
                new Date(appointment.changeableUntil).toLocaleString(undefined, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }),
              )
            : words.tooLate}
        </FieldHint>
      )}
      {open === 'move' && (
        <>
          <h3>{words.moveTitle}</h3>
          <SlotPicker
            name="move-startsAt"
            centreId={centre._id}
            job={appointment.job}
            tpms={appointment.tpms}
            productIds={productIds}
            value={newTime}
            gone={gone}
            onChange={(startsAt, lost) => {
              setGone(Boolean(lost));
              setNewTime(startsAt);
            }}
            disabled={busy}
          />
          <Row>
            <Button
              type="button"
              disabled={!newTime || busy}
              onClick={() =>
                void act(() => move({ owner, startsAt: newTime }).unwrap(), words.moved)
              }
            >
              {words.moveConfirm}
            </Button>
            <Button type="button" $variant="ghost" onClick={() => setOpen('none')}>
              {words.keep}
            </Button>
          </Row>
        </>
      )}
      {open === 'cancel' && (
        <>
          <p>{words.cancelWarning}</p>
          <Row>
            <Button
              type="button"
              $variant="danger"
              disabled={busy}
              onClick={() => void act(() => cancel({ owner }).unwrap(), words.cancelled)}
            >
              {words.cancelConfirm}
            </Button>
            <Button type="button" $variant="ghost" onClick={() => setOpen('none')}>
              {words.keep}
            </Button>
          </Row>
        </>
      )}
      {problem && <FieldError role="alert">{problem}</FieldError>}
    </Box>
  );
}
