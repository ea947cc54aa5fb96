import { useEffect, useState, type ChangeEvent } from 'react';
import type { Job } from '@contract/appointments';
import { Button } from '../../ui/Button';
import { FieldError, FieldHint } from '../../ui/Field';
import { formatDay } from '../../ui/formatDay';
import { Spinner } from '../../ui/Spinner';
import { appointmentCopy } from './appointmentCopy';
import { useGetSlotsQuery } from './appointmentsApi';
import { ChoiceCard, Choices, DayStrip, Row, TimeGrid } from './choiceStyles';
import { centreDay } from './whenAt';

const words = appointmentCopy.slots;
const DAYS_SHOWN = 7;

/** The day after `date` by `days` (`YYYY-MM-DD`, in UTC as the centre's calendar). */
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A centre's free times for the job, a week at a time: the days (each with its count of free
 * times, or why none), then the times of the chosen day, asked of the server when it is chosen.
 * A chosen time the list no longer has (someone booked it meanwhile) is let go, and said.
 */
export function SlotPicker({
  centreId,
  job,
  tpms,
  productIds,
  value,
  onChange,
  error,
  disabled,
  name,
  gone = false,
}: {
  centreId: string;
  job: Job;
  tpms: boolean;
  productIds: readonly string[];
  value: string;
  /** `gone`: the chosen time was let go because it is no longer free. */
  onChange: (startsAt: string, gone?: boolean) => void;
  /** Say that the time chosen before is no longer free. */
  gone?: boolean;
  error?: string | null;
  disabled?: boolean;
  /** The radios' name: two pickers on a page stay apart. */
  name: string;
}) {
  const [from, setFrom] = useState<string | null>(null);
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const slots = useGetSlotsQuery(
    { centreId, job, tpms, productIds, from, days: DAYS_SHOWN, day: chosenDay },
    { refetchOnMountOrArgChange: true },
  );
  // The week stays drawn while another day's times load; those times are this ask's only.
  const list = slots.data;
  const shown = slots.currentData?.day ?? null;
  const days = list?.days ?? [];

  // The chosen time is no longer offered on its day: let it go, and say so.
  useEffect(() => {
    const answer = slots.currentData;
    if (!value || !answer || slots.isFetching) return;
    const valueDay = centreDay(value, answer.timeZone);
    const listed = answer.days.find((d) => d.date === valueDay);
    const stillFree =
      answer.day?.date === valueDay
        ? answer.day.slots.some((slot) => slot.startsAt === value)
        : (listed?.free ?? 1) > 0;
    if (!stillFree) onChange('', true);
  }, [value, slots.currentData, slots.isFetching, onChange]);

  if (slots.isLoading) return <Spinner inline label={words.loading} showLabel />;
  if (!list) {
    return (
      <Row>
        <FieldError role="alert">{words.failed}</FieldError>
        <Button type="button" $variant="secondary" $size="sm" onClick={() => void slots.refetch()}>
          {words.retry}
        </Button>
      </Row>
    );
  }
  const { timeZone, minutes, earliest } = list;
  const dayShown = chosenDay ?? list.day?.date ?? null;
  const why = days.find((d) => d.date === dayShown)?.why;
  const errorId = error ? `${name}-error` : undefined;
  const earliestDay = new Date(earliest).toISOString().slice(0, 10);
  const first = days[0]?.date;
  const last = days.at(-1)?.date;

  return (
    <Choices disabled={disabled} aria-describedby={errorId} aria-busy={slots.isFetching}>
      <legend>{words.legend}</legend>
      <FieldHint>{words.zone(timeZone, minutes)}</FieldHint>
      {first && earliestDay > first && (
        <FieldHint>{words.tyresFrom(formatDay(earliestDay))}</FieldHint>
      )}
      {gone && !value && <FieldError role="alert">{words.gone}</FieldError>}
      <DayStrip role="radiogroup" aria-label={words.day}>
        {days.map((d) => (
          <ChoiceCard key={d.date} $off={d.free === 0} title={d.why ?? undefined}>
            <input
              type="radio"
              name={`${name}-day`}
              value={d.date}
              checked={dayShown === d.date}
              disabled={d.free === 0}
              onChange={() => setChosenDay(d.date)}
            />
            <strong>{formatDay(d.date, 'short')}</strong>
            <small>{d.free > 0 ? words.times(d.free) : (d.why ?? words.none)}</small>
          </ChoiceCard>
        ))}
      </DayStrip>
      {!list.day && <FieldHint>{words.noneShown}</FieldHint>}
      {dayShown && !shown && slots.isFetching && <Spinner inline label={words.loading} showLabel />}
      {shown && shown.slots.length > 0 && (
        <TimeGrid role="radiogroup" aria-label={formatDay(shown.date)}>
          {shown.slots.map((slot) => (
            <ChoiceCard key={slot.startsAt}>
              <input
                type="radio"
                name={name}
                value={slot.startsAt}
                checked={value === slot.startsAt}
                aria-invalid={error ? true : undefined}
                onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
              />
              {slot.time}
            </ChoiceCard>
          ))}
        </TimeGrid>
      )}
      {why && <FieldHint>{why}</FieldHint>}
      <Row>
        <Button
          type="button"
          $variant="ghost"
          $size="sm"
          disabled={from === null || slots.isFetching}
          onClick={() => {
            const back = first ? plusDays(first, -DAYS_SHOWN) : null;
            setFrom(back && back > new Date().toISOString().slice(0, 10) ? back : null);
            setChosenDay(null);
          }}
        >
          ← {words.earlier}
        </Button>
        <Button
          type="button"
          $variant="ghost"
          $size="sm"
          disabled={!last || days.length < DAYS_SHOWN || slots.isFetching}
          onClick={() => {
            if (last) setFrom(plusDays(last, 1));
            setChosenDay(null);
          }}
        >
          {words.later} →
        </Button>
      </Row>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Choices>
  );
}
