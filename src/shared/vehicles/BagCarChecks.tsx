import { useState } from 'react';
import styled from 'styled-components';
import { carFitCopy } from '@contract/fitmentRules';
import { vehicleTitle } from '@contract/vehicleCopy';
import { bagCar, setBagForCar } from './bagCar';
import { useGetBagFitmentQuery, useGetLinesFitmentQuery } from './carFitApi';
import { fitmentMarket } from './fitmentMarket';
import { storedCar } from './myCar';
import { useGetVehicleQuery } from './vehiclesApi';

const words = carFitCopy.bag;

const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radii.md};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  ul {
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
    margin: 0;
    padding-left: 1.25rem;
  }
`;

const Finding = styled.li<{ $refusal: boolean }>`
  color: ${({ theme, $refusal }) => ($refusal ? theme.colors.danger : theme.colors.inkSoft)};
`;

const Switch = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  font-weight: 600;
  input {
    width: 1.25rem;
    height: 1.25rem;
  }
`;

/**
 * The bag checked against the car picked in the shop (the API runs contract/fitmentRules.ts, the
 * shopper's market's law included): tyres below its load index or speed rating, which checkout
 * refuses, and the warnings. The shopper may say the bag is for no car: then checkout sends none.
 * An account's bag is read on the server; a guest's is sent as its `lines`.
 */
export function BagCarChecks({
  lines,
}: {
  lines?: ReadonlyArray<{ productId: string; quantity: number }>;
}) {
  const picked = storedCar();
  const [forCar, setForCar] = useState(() => bagCar() !== null);
  const car = useGetVehicleQuery(picked?.vehicle ?? '', { skip: !picked });
  const vehicle = picked?.vehicle ?? '';
  const market = fitmentMarket();
  const skip = !picked || !forCar;
  const items = lines?.map((line) => `${line.productId}:${line.quantity}`).join(',') ?? '';
  const accountChecks = useGetBagFitmentQuery(
    { vehicle, ...(market ? { market } : {}) },
    { skip: skip || lines !== undefined },
  );
  const guestChecks = useGetLinesFitmentQuery(
    { vehicle, items, ...(market ? { market } : {}) },
    { skip: skip || lines === undefined || items === '' },
  );
  const checks = lines === undefined ? accountChecks : guestChecks;
  if (!picked || !car.data) return null;
  const title = vehicleTitle(car.data, picked.year);
  const findings = checks.data?.findings ?? [];
  return (
    <Panel aria-labelledby="bag-car" aria-live="polite">
      <h2 id="bag-car">{words.heading(title)}</h2>
      <Switch>
        <input
          type="checkbox"
          checked={forCar}
          onChange={(event) => {
            setBagForCar(event.target.checked);
            setForCar(event.target.checked);
          }}
        />
        {words.forCar(title)}
      </Switch>
      {forCar &&
        (checks.isFetching && !checks.data ? (
          <p>{words.checking}</p>
        ) : findings.length === 0 ? (
          <p>{words.allRight}</p>
        ) : (
          <ul>
            {findings.map((finding, at) => (
              <Finding key={at} $refusal={finding.level === 'refusal'}>
                <strong>{finding.level === 'refusal' ? words.refusal : words.warning}:</strong>{' '}
                {finding.message}
              </Finding>
            ))}
          </ul>
        ))}
    </Panel>
  );
}
