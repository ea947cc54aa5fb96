import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import type { Job } from '@contract/appointments';
import type { CentreCountry } from '@contract/fittingCentres';
import { apiErrorMessage } from '../../store/apiError';
import { Button } from '../../ui/Button';
import { FieldError, FieldHint, SelectField, TextField } from '../../ui/Field';
import { Spinner } from '../../ui/Spinner';
import { appointmentCopy } from './appointmentCopy';
import type { AppointmentFields } from './appointmentChoice';
import { useFindCentresQuery, type NearArgs } from './appointmentsApi';
import { ChoiceCard, Choices, Row } from './choiceStyles';
import { SlotPicker } from './SlotPicker';

const words = appointmentCopy.find;
/** contract/fittingCentres' CENTRE_COUNTRIES, written out: that module brings TypeBox along. */
const COUNTRIES: readonly CentreCountry[] = ['US', 'GB', 'DE'];

const Search = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  grid-template-columns: minmax(0, 1fr);
  align-items: end;
  @media (min-width: 420px) {
    grid-template-columns: minmax(0, 1.3fr) minmax(0, 1fr) auto;
  }
  > * {
    min-width: 0;
  }
  button {
    min-height: 44px;
  }
`;

const Address = styled.small`
  grid-column: 2;
`;

const LeftOut = styled.details`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  summary {
    cursor: pointer;
    font-weight: 600;
    min-height: 32px;
  }
  ul {
    margin: ${({ theme }) => theme.space.xs} 0 0;
    padding-left: ${({ theme }) => theme.space.lg};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

/**
 * Fitting at a centre, in checkout's form: a postcode finds the centres nearest first that can
 * fit the bag's tyres (those that cannot are listed apart with why), then the chosen centre's
 * free times. What the shopper typed and chose lives in the form (`value`), so a refusal of the
 * checkout loses none of it.
 */
export default function AppointmentChooser({
  value,
  onChange,
  productIds,
  vehicle,
  job,
  errors,
  disabled,
}: {
  value: AppointmentFields;
  onChange: (patch: Partial<AppointmentFields>) => void;
  productIds: readonly string[];
  vehicle: string | null;
  job: Job;
  errors: { centreId?: string | null; startsAt?: string | null };
  disabled?: boolean;
}) {
  const [searched, setSearched] = useState<NearArgs | null>(() =>
    value.postcode
      ? { postcode: value.postcode, country: value.centreCountry, productIds, vehicle }
      : null,
  );
  const [gone, setGone] = useState(false);
  const found = useFindCentresQuery(searched ?? skipToken);
  const needsTpms = found.data?.needs.tpms ?? false;
  useEffect(() => {
    if (found.data && needsTpms !== value.tpms) onChange({ tpms: needsTpms });
  }, [found.data, needsTpms, value.tpms, onChange]);

  const search = () => {
    if (!value.postcode.trim()) return;
    setSearched({ postcode: value.postcode, country: value.centreCountry, productIds, vehicle });
  };
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter finds the centres; it must not place the order.
    if (event.key === 'Enter') {
      event.preventDefault();
      search();
    }
  };
  const offered = found.data?.offered ?? [];
  const chosen = offered.find((line) => line.centre._id === value.centreId)?.centre;
  const needs = found.data ? words.needs(found.data.needs) : '';

  return (
    <>
      <Search>
        <TextField
          label={words.postcode}
          name="postcode"
          autoComplete="postal-code"
          maxLength={10}
          value={value.postcode}
          onChange={(event) => onChange({ postcode: event.target.value })}
          onKeyDown={onEnter}
          disabled={disabled}
        />
        <SelectField
          label={words.country}
          name="centreCountry"
          value={value.centreCountry}
          onChange={(event) => onChange({ centreCountry: event.target.value as CentreCountry })}
          disabled={disabled}
        >
          {COUNTRIES.map((code) => (
            <option key={code} value={code}>
              {words.countries[code]}
            </option>
          ))}
        </SelectField>
        <Button
          type="button"
          $variant="secondary"
          onClick={search}
          disabled={disabled || !value.postcode.trim()}
        >
          {words.search}
        </Button>
      </Search>
      {found.isFetching && <Spinner inline label={words.searching} showLabel />}
      {found.isError && !found.isFetching && (
        <FieldError role="alert">{apiErrorMessage(found.error)}</FieldError>
      )}
      {found.data && !found.isFetching && (
        <Choices
          disabled={disabled}
          aria-describedby={errors.centreId ? 'centre-error' : undefined}
        >
          <legend>{words.legend}</legend>
          {needs && <FieldHint>{words.needsLine(needs)}</FieldHint>}
          {offered.length === 0 && <FieldHint>{words.none}</FieldHint>}
          {offered.map(({ centre, distanceKm, mobile }) => (
            <ChoiceCard key={centre._id}>
              <input
                type="radio"
                name="centreId"
                value={centre._id}
                checked={value.centreId === centre._id}
                aria-invalid={errors.centreId ? true : undefined}
                onChange={() => onChange({ centreId: centre._id, startsAt: '' })}
              />
              <strong>
                {centre.name} · {words.km(distanceKm)}
              </strong>
              <Address>
                {centre.street}, {centre.city} {centre.postcode}
                {mobile ? ` · ${words.mobile}` : ''}
              </Address>
            </ChoiceCard>
          ))}
          {found.data.leftOut.length > 0 && (
            <LeftOut>
              <summary>
                {words.cannotFit} ({found.data.leftOut.length})
              </summary>
              <ul>
                {found.data.leftOut.map(({ centre, distanceKm, reasons }) => (
                  <li key={centre._id}>
                    {centre.name} · {words.km(distanceKm)}
                    {reasons.map((reason) => (
                      <p key={reason}>{reason}</p>
                    ))}
                  </li>
                ))}
              </ul>
            </LeftOut>
          )}
          {errors.centreId && <FieldError id="centre-error">{errors.centreId}</FieldError>}
        </Choices>
      )}
      {!found.data && errors.centreId && (
        <Row>
          <FieldError>{errors.centreId}</FieldError>
        </Row>
      )}
      {chosen && (
        <SlotPicker
          name="startsAt"
          centreId={chosen._id}
          job={job}
          tpms={needsTpms}
          productIds={productIds}
          value={value.startsAt}
          gone={gone}
          onChange={(startsAt, lost) => {
            setGone(Boolean(lost));
            onChange({ startsAt });
          }}
          error={errors.startsAt}
          disabled={disabled}
        />
      )}
      {chosen && (
        <TextField
          label={words.car}
          hint={words.carHint}
          name="car"
          maxLength={120}
          value={value.car}
          onChange={(event) => onChange({ car: event.target.value })}
          onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
          disabled={disabled}
        />
      )}
    </>
  );
}
