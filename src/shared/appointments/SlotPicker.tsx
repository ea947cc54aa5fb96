import { useEffect, useState, type ChangeEvent } from 'react';
import type { Job, SlotDay } from '@contract/appointments';
import { Button } from '../../ui/Button';
import { FieldError, FieldHint } from '../../ui/Field';
import { formatDay } from '../../ui/formatDay';
import { Spinner } from '../../ui/Spinner';
import { appointmentCopy } from './appointmentCopy';
import { useGetSlotsQuery } from './appointmentsApi';
import { ChoiceCard, Choices, DayStrip, Row, TimeGrid } from './choiceStyles';

const words = appointmentCopy.slots;
const DAYS_SHOWN = 7;

/** The day after `date` by `days` (`YYYY-MM-DD`, in UTC as the centre's calendar). */
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const dayOf = (days: readonly SlotDay[], startsAt: string) =>
  days.find((day) => day.slots.some((slot) => slot.startsAt === startsAt))?.date ?? null;

/**
 * A centre's free times for the job, a week at a time from the server's slots: the days (each
 * empty one says why), then the times of the chosen day. A chosen time the list no longer has
 * (someone booked it meanwhile) is let go, and said.
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
    { centreId, job, tpms, productIds, from, days: DAYS_SHOWN },
    { refetchOnMountOrArgChange: true },
  );
  const days = slots.data?.days ?? [];

  // The chosen time is no longer offered on a day this list shows: let it go, and say so.
  useEffect(() => {
    if (!value || !slots.data || slots.isFetching) return;
    const listed = slots.data.days.some((day) => value.startsWith(day.date));
    if (listed && dayOf(slots.data.days, value) === null) onChange('', true);
  }, [value, slots.data, slots.isFetching, onChange]);

  if (slots.isLoading) return <Spinner inline label={words.loading} showLabel />;
  if (!slots.data) {
    return (
      <Row>
        <FieldError role="alert">{words.failed}</FieldError>
        <Button type="button" $variant="secondary" $size="sm" onClick={() => void slots.refetch()}>
          {words.retry}
        </Button>
      </Row>
    );
  }
  const { timeZone, minutes, earliest } = slots.data;
  const firstOpen = days.find((day) => day.slots.length > 0)?.date ?? null;
  const day = days.find((d) => d.date === (chosenDay ?? dayOf(days, value) ?? firstOpen));
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
          <ChoiceCard key={d.date} $off={d.slots.length === 0} title={d.why ?? undefined}>
            <input
              type="radio"
              name={`${name}-day`}
              value={d.date}
              checked={day?.date === d.date}
              disabled={d.slots.length === 0}
              onChange={() => setChosenDay(d.date)}
            />
            <strong>{formatDay(d.date, 'short')}</strong>
            <small>
              {d.slots.length > 0 ? words.times(d.slots.length) : (d.why ?? words.none)}
            </small>
          </ChoiceCard>
        ))}
      </DayStrip>
      {!firstOpen && <FieldHint>{words.noneShown}</FieldHint>}
      {day && day.slots.length > 0 && (
        <TimeGrid role="radiogroup" aria-label={formatDay(day.date)}>
          {day.slots.map((slot) => (
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
      {day && day.why && <FieldHint>{day.why}</FieldHint>}
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
