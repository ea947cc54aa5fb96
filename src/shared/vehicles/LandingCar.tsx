import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { vehicleCopy } from '@contract/vehicleCopy';
import { CarPicker } from './CarPicker';
import { shopHrefFor } from './myCar';

const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: ${({ theme }) => theme.space.lg} 0;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

/** The landing page's "My car": the picker, which opens the shop on the car's tyres. */
export function LandingCar() {
  const navigate = useNavigate();
  return (
    <Panel aria-label={vehicleCopy.picker.heading}>
      <CarPicker onPick={(car) => void navigate(shopHrefFor(car))} />
      <p>{vehicleCopy.picker.intro}</p>
    </Panel>
  );
}
