import styled from 'styled-components';
import { vehicleCopy, vehicleTitle } from '@contract/vehicleCopy';
import { Link } from 'react-router-dom';
import { shopHrefFor } from './myCar';
import { useSearchVehiclesQuery } from './vehiclesApi';

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.colors.line};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
    font-weight: 600;
  }
`;

const Nav = styled.nav`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

/** Cars whose names hold what was typed in the search box ("golf 2016"), as links to their tyres. */
export function CarSuggestions({ text }: { text: string }) {
  const typed = text.trim();
  const { data } = useSearchVehiclesQuery(typed, { skip: typed.length < 2 });
  if (!typed || !data || data.length === 0) return null;
  return (
    <Nav aria-labelledby="car-suggestions">
      <h2 id="car-suggestions">{vehicleCopy.search.cars}</h2>
      <List>
        {data.map(({ vehicle, year }) => (
          <li key={`${vehicle._id}:${year}`}>
            <Link to={shopHrefFor({ vehicle: vehicle._id, year })}>
              {vehicleCopy.search.pick(vehicleTitle(vehicle, year))}
            </Link>
          </li>
        ))}
      </List>
    </Nav>
  );
}
