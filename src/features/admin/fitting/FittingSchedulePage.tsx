import { useFormik } from 'formik';
import { toast } from 'react-toastify';
import { WEEKDAY_NAMES, FITTING_PLACES_MAX, type FittingSchedule } from '@contract/fitting';
import { fittingCopy } from './fittingCopy';
import { apiErrorMessage } from '../../../store/apiError';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { FieldRow, FormActions, FormPanel } from '../../../ui/Form';
import { PageHeading, PageIntro } from '../../../ui/Page';
import { QueryState } from '../../../shared/QueryState';
import { Spinner } from '../../../ui/Spinner';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useGetFittingScheduleQuery, useSetFittingScheduleMutation } from './fittingApi';
import {
  fittingScheduleSchema,
  WEEK_FROM_MONDAY,
  type FittingScheduleValues,
} from './fittingScheduleSchema';

/** The admins' page for the week's fitting places, which checkout's day picker offers. */
export function FittingSchedulePage() {
  usePageTitle(fittingCopy.title);
  const schedule = useGetFittingScheduleQuery();
  return (
    <>
      <PageHeading>{fittingCopy.title}</PageHeading>
      <PageIntro>{fittingCopy.intro}</PageIntro>
      <QueryState
        query={schedule}
        loadingLabel={fittingCopy.loading}
        errorMessage={fittingCopy.loadFailed}
      >
        {(saved) => <FittingScheduleForm saved={saved} />}
      </QueryState>
    </>
  );
}

function FittingScheduleForm({ saved }: { saved: FittingSchedule }) {
  const [save] = useSetFittingScheduleMutation();
  const form = useFormik<FittingScheduleValues>({
    initialValues: { places: saved.places.map(String) },
    enableReinitialize: true,
    validationSchema: fittingScheduleSchema,
    onSubmit: async (values) => {
      try {
        await save({ places: values.places.map((places) => Number(places.trim())) }).unwrap();
        toast.success(fittingCopy.saved);
      } catch (error) {
        toast.error(apiErrorMessage(error));
      }
    },
  });
  // Formik keeps an array field's touched flags and errors as arrays (one per weekday).
  const errorOf = (weekday: number) => {
    const errors = form.errors.places;
    const touched = form.touched.places as unknown as boolean[] | undefined;
    return touched?.[weekday] && Array.isArray(errors) ? errors[weekday] : undefined;
  };
  const week = form.values.places.reduce((sum, places) => sum + (Number(places) || 0), 0);

  return (
    <FormPanel onSubmit={form.handleSubmit} noValidate aria-label={fittingCopy.title}>
      <FieldRow $columns={3}>
        {WEEK_FROM_MONDAY.map((weekday) => (
          <TextField
            key={weekday}
            label={fittingCopy.places(WEEKDAY_NAMES[weekday])}
            inputMode="numeric"
            name={`places.${weekday}`}
            value={form.values.places[weekday] ?? ''}
            onChange={form.handleChange}
            onBlur={form.handleBlur}
            error={errorOf(weekday)}
          />
        ))}
      </FieldRow>
      <p>
        {fittingCopy.weekTotal(week)} {fittingCopy.placesHint(FITTING_PLACES_MAX)}
      </p>
      <FormActions>
        <Button type="submit" disabled={form.isSubmitting}>
          {fittingCopy.save}
        </Button>
        {form.isSubmitting && <Spinner inline label={fittingCopy.saving} showLabel />}
      </FormActions>
    </FormPanel>
  );
}
