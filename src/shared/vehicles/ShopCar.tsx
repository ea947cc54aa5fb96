import { useEffect, useId, useState, type MouseEvent } from 'react';
import styled from 'styled-components';
import { vehicleCopy, vehicleSizes, vehicleTitle } from '@contract/vehicleCopy';
import { Button, ButtonLink } from '../../ui/Button';
import { CarPicker } from './CarPicker';
import { storeCar, storedCar, type MyCar } from './myCar';
import { useGetVehicleQuery } from './vehiclesApi';

const words = vehicleCopy.chosen;

/** What of the shop's search the car panel reads and changes. */
export interface CarChoice {
  vehicle: string | null;
  year: number | null;
  alternatives: boolean;
}

const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
`;

const Sizes = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

const Switch = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  font-weight: 600;
  input {
    width: 1.25rem;
    height: 1.25rem;
  }
  @media (scripting: none) {
    display: none;
  }
`;

/** The switch without the script: a link to the same shop with the other sizes on or off. */
const SwitchLink = styled.a`
  display: none;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  font-weight: 600;
  color: inherit;
  &::before {
    content: '';
    width: 1.25rem;
    height: 1.25rem;
    border: 2px solid currentColor;
    border-radius: 3px;
  }
  &[aria-checked='true']::before {
    content: '✓';
    display: grid;
    place-items: center;
    line-height: 1;
  }
  @media (scripting: none) {
    display: inline-flex;
  }
`;

/** Where Change, Clear and the other sizes' switch lead without the script (the shop's URLs). */
export interface CarLinks {
  withoutCar: string;
  otherSizesToggled: string;
}

/**
 * The shop's "My car": the picker until a car is chosen, then "Tyres for VW Golf VII 1.4 TSI
 * (2016)" with Change and Clear and the switch for the other sizes that fit. The car goes in
 * the URL (the search) and in this browser; a shop opened without one takes the remembered car.
 * Without the script Change and Clear are links to the shop without the car (its picker then
 * works as forms), and the switch is a link to the shop with the other sizes toggled.
 */
export function ShopCar({
  choice,
  onChange,
  bare,
  keep = '',
  links,
}: {
  choice: CarChoice;
  onChange: (change: CarChoice, options?: { replace: boolean }) => void;
  /** Nothing else narrows the shop: a remembered car may be put back. */
  bare: boolean;
  /** The shop's other parameters (`q=…&season=…`): the picker sends them on without the script. */
  keep?: string;
  links: CarLinks;
}) {
  const [changing, setChanging] = useState(false);
  const car = useGetVehicleQuery(choice.vehicle ?? '', { skip: !choice.vehicle });
  const switchId = useId();

  // The car stays chosen in this browser; a bare shop opens on it.
  useEffect(() => {
    if (choice.vehicle) storeCar({ vehicle: choice.vehicle, year: choice.year });
    else if (bare) {
      const remembered = storedCar();
      if (remembered) onChange({ ...remembered, alternatives: false }, { replace: true });
    }
  }, [choice.vehicle, choice.year, bare, onChange]);

  const pick = (picked: MyCar) => {
    setChanging(false);
    onChange({ ...picked, alternatives: choice.alternatives });
  };
  const clear = (event: MouseEvent) => {
    event.preventDefault();
    storeCar(null);
    setChanging(false);
    onChange({ vehicle: null, year: null, alternatives: false });
  };
  const change = (event: MouseEvent) => {
    event.preventDefault();
    setChanging(true);
  };

  if (!choice.vehicle || changing) {
    return (
      <Panel>
        <CarPicker onPick={pick}>
          {[...new URLSearchParams(keep)].map(([name, value], at) => (
            <input key={at} type="hidden" name={name} value={value} />
          ))}
        </CarPicker>
        {changing && (
          <Row>
            <Button type="button" $variant="ghost" onClick={() => setChanging(false)}>
              Cancel
            </Button>
          </Row>
        )}
      </Panel>
    );
  }
  if (car.isError) {
    return (
      <Panel>
        <p role="alert">{words.carGone}</p>
        <Row>
          <ButtonLink to={links.withoutCar} $variant="secondary" onClick={clear}>
            {words.clear}
          </ButtonLink>
        </Row>
      </Panel>
    );
  }
  const vehicle = car.data;
  return (
    <Panel aria-live="polite">
      <Title>
        {vehicle ? words.title(vehicleTitle(vehicle, choice.year)) : vehicleCopy.picker.loading}
      </Title>
      {vehicle && <Sizes>{words.sizes(vehicleSizes(vehicle.front, vehicle.rear))}</Sizes>}
      <Row>
        <ButtonLink to={links.withoutCar} $variant="secondary" $size="sm" onClick={change}>
          {words.change}
        </ButtonLink>
        <ButtonLink to={links.withoutCar} $variant="ghost" $size="sm" onClick={clear}>
          {words.clear}
        </ButtonLink>
        <Switch htmlFor={switchId}>
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            checked={choice.alternatives}
            onChange={(event) => onChange({ ...choice, alternatives: event.target.checked })}
          />
          {vehicleCopy.alternatives.toggle}
        </Switch>
        <SwitchLink href={links.otherSizesToggled} role="switch" aria-checked={choice.alternatives}>
          {vehicleCopy.alternatives.toggle}
        </SwitchLink>
      </Row>
    </Panel>
  );
}
