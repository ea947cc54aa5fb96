import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { vehicleCopy, vehicleName, vehicleSizes } from '@contract/vehicleCopy';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/Field';
import { media } from '../../ui/theme';
import { readCarPick, type MyCar } from './myCar';
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
  /* Without the script each step is a page load: only the lists to choose from show, and the
     button that sends them stands in for the script's (always disabled there). */
  @media (scripting: none) {
    > div:has(select:disabled),
    > button:disabled {
      display: none;
    }
  }
`;

/**
 * The form's button without the script. Not in a noscript: the landing page's whole picker is in
 * one for such visitors, and a noscript in a noscript ends it early (hydration then fails).
 */
const SendWithoutScript = styled(Button)`
  && {
    display: none;
  }
  @media (scripting: none) {
    && {
      display: flex;
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
 * lists); the last choice gives the car and the year it was picked for. Without the script it is
 * a GET form: each step sends the choices so far to this page (readCarPick), whose server render
 * lists the next, and the last sends the car to the shop (`/shop?…&vehicle=&year=`).
 */
export function CarPicker({
  onPick,
  children,
}: {
  onPick: (car: MyCar) => void;
  /** Hidden fields the form sends too without the script (the shop's search). */
  children?: ReactNode;
}) {
  const [params] = useSearchParams();
  const [sent] = useState(() => readCarPick(params));
  const [make, setMake] = useState(sent.make);
  const [model, setModel] = useState(sent.model);
  const [year, setYear] = useState(sent.year);
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
  const last = Boolean(year && versions.data?.length);

  return (
    <Form
      method="get"
      action={last ? '/shop' : undefined}
      onSubmit={submit}
      aria-labelledby={headingId}
    >
      <Heading id={headingId}>{words.heading}</Heading>
      <SelectField
        label={words.make}
        name="make"
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
        name="model"
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
        name="year"
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
        name="vehicle"
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
      <SendWithoutScript type="submit" $block>
        {last ? words.show : words.next}
      </SendWithoutScript>
      {failed && <Failed role="alert">{words.failed}</Failed>}
      {children}
    </Form>
  );
}
