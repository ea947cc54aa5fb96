import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { vehicleCopy, vehicleName, vehicleSizes } from '@contract/vehicleCopy';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/Field';
import { media } from '../../ui/theme';
import type { MyCar } from './myCar';
import {
  useGetVehicleMakesQuery,
  useGetVehicleModelsQuery,
  useGetVehicleVersionsQuery,
  useGetVehicleYearsQuery,
} from './vehiclesApi';

const words = vehicleCopy.picker;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  grid-template-columns: repeat(2, minmax(0, 1fr));
  align-items: end;
  > button {
    grid-column: 1 / -1;
  }
  ${media.desktop} {
    grid-template-columns: repeat(4, minmax(0, 1fr)) auto;
    > button {
      grid-column: auto;
    }
  }
`;

const Heading = styled.h2`
  grid-column: 1 / -1;
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Failed = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

/**
 * Make → model → year → version, each list what exists for the choices before it (the API's
 * lists); the last choice gives the car and the year it was picked for.
 */
export function CarPicker({ onPick }: { onPick: (car: MyCar) => void }) {
  const [make, setMake] = useState('');
  const [model, setModel] = useState('');
  const [year, setYear] = useState('');
  const [version, setVersion] = useState('');
  const makes = useGetVehicleMakesQuery();
  const models = useGetVehicleModelsQuery(make, { skip: !make });
  const years = useGetVehicleYearsQuery({ make, model }, { skip: !model });
  const versions = useGetVehicleVersionsQuery({ make, model, year: Number(year) }, { skip: !year });
  const headingId = useId();
  const failed = makes.isError || models.isError || years.isError || versions.isError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (version) onPick({ vehicle: version, year: Number(year) });
  };
  const placeholder = (ready: boolean) => <option value="">{ready ? words.choose : '—'}</option>;

  return (
    <Form onSubmit={submit} aria-labelledby={headingId}>
      <Heading id={headingId}>{words.heading}</Heading>
      <SelectField
        label={words.make}
        value={make}
        disabled={!makes.data}
        onChange={(event) => {
          setMake(event.target.value);
          setModel('');
          setYear('');
          setVersion('');
        }}
      >
        {placeholder(Boolean(makes.data))}
        {makes.data?.map((name) => (
          <option key={name}>{name}</option>
        ))}
      </SelectField>
      <SelectField
        label={words.model}
        value={model}
        disabled={!make || !models.data}
        onChange={(event) => {
          setModel(event.target.value);
          setYear('');
          setVersion('');
        }}
      >
        {placeholder(Boolean(make && models.data))}
        {make && models.data?.map((name) => <option key={name}>{name}</option>)}
      </SelectField>
      <SelectField
        label={words.year}
        value={year}
        disabled={!model || !years.data}
        onChange={(event) => {
          setYear(event.target.value);
          setVersion('');
        }}
      >
        {placeholder(Boolean(model && years.data))}
        {model && years.data?.map((n) => <option key={n}>{n}</option>)}
      </SelectField>
      <SelectField
        label={words.version}
        value={version}
        disabled={!year || !versions.data}
        onChange={(event) => setVersion(event.target.value)}
      >
        {placeholder(Boolean(year && versions.data))}
        {year &&
          versions.data?.map((v) => (
            <option key={v._id} value={v._id}>
              {`${vehicleName(v)} · ${vehicleSizes(v.front, v.rear)}`}
            </option>
          ))}
      </SelectField>
      <Button type="submit" disabled={!version}>
        {words.show}
      </Button>
      {failed && <Failed role="alert">{words.failed}</Failed>}
    </Form>
  );
}
