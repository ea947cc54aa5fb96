import type { ChangeEvent } from 'react';
import styled from 'styled-components';
import { checkoutCopy } from '@contract/checkoutCopy';
import { FieldError, FieldHint } from '../../../ui/Field';
import { formatDay } from '../../../ui/formatDay';
import { Spinner } from '../../../ui/Spinner';
import { ChoiceCard, Choices } from '../../../shared/appointments/choiceStyles';
import { useGetFittingDaysQuery } from './bagCheckoutApi';
import { dayChoices } from './fittingDays';

const words = checkoutCopy.bagCheckout;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(8.25rem, 1fr));
  /* Rows as tall as their days: a scrolled grid would otherwise squeeze them and cut the note. */
  grid-auto-rows: max-content;
  gap: ${({ theme }) => theme.space.sm};
  max-height: 22rem;
  overflow-y: auto;
  padding: 2px;
`;

/** One day: a radio with the date and its places, greyed out with the reason when closed. */
const Day = styled(ChoiceCard)`
  input {
    grid-row: span 2;
  }
  strong {
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

/**
 * The fitting day: the next 30 days from `GET /fitting-days`. A full or closed day is listed
 * but cannot be chosen, and says why.
 */
export function FittingDayPicker({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (date: string) => void;
  error: string | null;
  disabled?: boolean;
}) {
  const days = useGetFittingDaysQuery();
  if (days.isLoading) return <Spinner inline label={words.loadingDays} showLabel />;
  if (!days.data) return <FieldError role="alert">{words.daysFailed}</FieldError>;
  const choices = dayChoices(days.data);
  const errorId = error ? 'fitting-day-error' : undefined;
  return (
    <Choices aria-describedby={errorId} disabled={disabled}>
      <legend>{words.fittingDay}</legend>
      {choices.every((day) => !day.open) && <FieldHint>{words.noDays}</FieldHint>}
      <Grid>
        {choices.map((day) => (
          <Day key={day.date} $off={!day.open}>
            <input
              type="radio"
              name="fitting"
              value={day.date}
              checked={value === day.date}
              disabled={!day.open}
              aria-invalid={error ? true : undefined}
              onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
            />
            <strong>{formatDay(day.date, 'short')}</strong>
            <small>{day.note}</small>
          </Day>
        ))}
      </Grid>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Choices>
  );
}
