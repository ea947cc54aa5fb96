import type { FormikProps } from 'formik';
import styled from 'styled-components';
import {
  distanceLimitsIn,
  DISTANCE_UNIT_WORDS,
  REVIEW_CAR,
  REVIEW_DRIVING_LABELS as labels,
  type DistanceUnit,
} from '@contract/reviewDriving';
import { useGetVehicleQuery } from '../../shared/vehicles/vehiclesApi';
import { storedCar } from '../../shared/vehicles/myCar';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { FieldRow } from '../../ui/Form';
import { useHydrated } from '../../ui/useHydrated';
import type { ReviewValues } from './reviewSchema';

const Set = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  margin: 0;
  padding: 0;
  border: 0;
  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space.sm};
    font-weight: 700;
  }
  p {
    margin: 0;
  }
`;

type FieldProps = (name: keyof ReviewValues & string) => object;

/** "Use my car: VW Golf (2016)": the car this browser keeps, when it keeps one. */
function UseMyCar({ form }: { form: FormikProps<ReviewValues> }) {
  const hydrated = useHydrated();
  const car = hydrated ? storedCar() : null;
  const { data } = useGetVehicleQuery(car?.vehicle ?? '', { skip: !car });
  if (!car || !data) return null;
  const year = car.year ?? data.yearFrom;
  const fill = () => {
    void form.setValues({
      ...form.values,
      carMake: data.make,
      carModel: data.model,
      carYear: year,
    });
  };
  return (
    <p>
      <Button type="button" $variant="secondary" onClick={fill}>
        {`Use my car: ${data.make} ${data.model} (${year})`}
      </Button>
    </p>
  );
}

/**
 * The review's optional driving: the tyre it is of (from the address, `?product=`), the car
 * (typed, or the car this browser keeps) and how far the tyres were driven in the shopper's unit.
 */
export function ReviewDrivingFields({
  form,
  field,
  unit,
  productName,
}: {
  form: FormikProps<ReviewValues>;
  field: FieldProps;
  unit: DistanceUnit;
  /** The tyre reviewed, when the form was opened from it. */
  productName: string | null;
}) {
  const distance = distanceLimitsIn(unit);
  return (
    <Set>
      <legend>Your car and the tyres (optional)</legend>
      {productName && (
        <p>
          {labels.product}: <strong>{productName}</strong>
        </p>
      )}
      <UseMyCar form={form} />
      <FieldRow $columns={3}>
        <TextField label={labels.carMake} autoComplete="off" {...field('carMake')} />
        <TextField label={labels.carModel} autoComplete="off" {...field('carModel')} />
        <TextField
          label={labels.carYear}
          type="number"
          inputMode="numeric"
          min={REVIEW_CAR.years.min}
          max={REVIEW_CAR.years.max}
          step={1}
          {...field('carYear')}
        />
      </FieldRow>
      <TextField
        label={labels.distance(unit)}
        type="number"
        inputMode="numeric"
        min={distance.min}
        max={distance.max}
        step={1}
        hint={`How far you have driven on these tyres, in whole ${DISTANCE_UNIT_WORDS[unit]}.`}
        {...field('distance')}
      />
    </Set>
  );
}
