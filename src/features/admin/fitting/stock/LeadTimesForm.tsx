import { getIn, useFormik } from 'formik';
import { useRef } from 'react';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import * as yup from 'yup';
import { STOCK_PLACE_LIMITS, type StockPlace, type StockPlaces } from '@contract/stockPlaces';
import { showSaveError } from '../../../../shared/forms/formik';
import { Button } from '../../../../ui/Button';
import { TextField } from '../../../../ui/Field';
import { FormActions, FormPanel } from '../../../../ui/Form';
import { useFocusFirstInvalid } from '../../../../ui/useFocusFirstInvalid';
import { stockPlacesCopy } from './stockPlacesCopy';
import { useSetLeadTimesMutation } from './stockPlacesApi';

const words = stockPlacesCopy.lead;

/** Days as typed, by centre id: empty for the default. */
type LeadValues = { days: Record<string, string> };

const { min, max } = STOCK_PLACE_LIMITS.leadDays;
const daysSchema = yup
  .string()
  .trim()
  .matches(/^\d*$/, words.wholeDays)
  .test(
    'range',
    words.wholeDays,
    (typed) => !typed || (Number(typed) >= min && Number(typed) <= max),
  );

/**
 * The days from one place to every centre, a row a centre: a number, or empty for the shop's
 * default. A centre's own shelf reaches that centre at once (no field for it).
 */
export function LeadTimesForm({
  place,
  view,
  onDone,
}: {
  place: StockPlace;
  view: StockPlaces;
  onDone: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [setLeadTimes] = useSetLeadTimesMutation();
  const others = view.centres.filter((centre) => centre._id !== place.centreId);
  const setDays = new Map(
    view.leadTimes
      .filter((lead) => lead.placeCode === place.code)
      .map((lead) => [lead.centreId, String(lead.days)]),
  );
  const form = useFormik<LeadValues>({
    initialValues: {
      days: Object.fromEntries(others.map((centre) => [centre._id, setDays.get(centre._id) ?? ''])),
    },
    validationSchema: yup.object({
      days: yup.object(Object.fromEntries(others.map((centre) => [centre._id, daysSchema]))),
    }),
    onSubmit: async (values, helpers) => {
      const leadTimes = others.map((centre) => {
        const typed = values.days[centre._id]!.trim();
        return { centreId: centre._id, days: typed === '' ? null : Number(typed) };
      });
      if (leadTimes.length === 0) return onDone();
      try {
        await setLeadTimes({ code: place.code, body: { leadTimes } }).unwrap();
        toast.success(words.saved(place.name));
        onDone();
      } catch (error) {
        showSaveError({ setFieldError: helpers.setFieldError, values }, error);
      }
    },
  });
  useFocusFirstInvalid(formRef, form);
  return (
    <Panel ref={formRef} onSubmit={form.handleSubmit} noValidate aria-labelledby="lead-form">
      <h2 id="lead-form">{words.title(place.name)}</h2>
      <p>{words.hint(view.defaultLeadDays)}</p>
      <Rows>
        {view.centres.map((centre) => {
          const name = `days.${centre._id}`;
          const own = centre._id === place.centreId;
          const error = getIn(form.touched, name) ? (getIn(form.errors, name) as string) : null;
          return (
            <li key={centre._id}>
              <span>
                <strong>{centre.name}</strong> <small>{centre.city}</small>
              </span>
              {own ? (
                <em>{words.ownShelf}</em>
              ) : (
                <TextField
                  label={words.daysOf(centre.name)}
                  hideLabel
                  inputMode="numeric"
                  placeholder={words.default(view.defaultLeadDays)}
                  error={error}
                  {...form.getFieldProps(name)}
                />
              )}
            </li>
          );
        })}
      </Rows>
      <FormActions>
        <Button type="submit" $size="lg" disabled={form.isSubmitting}>
          {words.save}
        </Button>
        <Button type="button" $variant="ghost" onClick={onDone}>
          {stockPlacesCopy.form.cancel}
        </Button>
      </FormActions>
    </Panel>
  );
}

const Panel = styled(FormPanel)`
  max-width: 48rem;
  h2,
  p {
    margin: 0;
  }
`;

/** A centre a row: its name, then its days (side by side from a phone's width up). */
const Rows = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) 10rem;
    gap: ${({ theme }) => theme.space.md};
    align-items: center;
    padding-bottom: ${({ theme }) => theme.space.sm};
    border-bottom: 1px solid ${({ theme }) => theme.colors.line};
  }
  small {
    color: ${({ theme }) => theme.colors.muted};
  }
  input {
    min-height: 44px;
  }
`;
