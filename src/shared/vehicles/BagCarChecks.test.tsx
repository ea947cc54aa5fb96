import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { golf } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { BagCarChecks } from './BagCarChecks';

const tyreId = '0b8e3c52-7a4d-4f1e-9c3b-0000000000f1';
const law = 'RoadGrip Summer is a summer tyre, and Germany’s law requires winter tyres.';

afterEach(() => localStorage.clear());

it("checks a guest's bag against the car in the shopper's market, as an account's", async () => {
  localStorage.setItem('myCar', `vehicle=${golf._id}&year=2016`);
  localStorage.setItem('market', 'DE');
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/vehicles/:id', () => HttpResponse.json(golf)),
    http.get('/api/vehicles/:id/fitment', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        findings: [{ level: 'warning', rule: 'winterLaw', productId: tyreId, message: law }],
      });
    }),
  );
  renderPage(<BagCarChecks lines={[{ productId: tyreId, quantity: 4 }]} />);
  expect(await screen.findByText(law)).toBeInTheDocument();
  expect(
    screen.getByRole('heading', { name: 'Checked for your VW Golf VII 1.4 TSI (2016)' }),
  ).toBeInTheDocument();
  expect(asked.map((query) => Object.fromEntries(query))).toEqual([
    { items: `${tyreId}:4`, market: 'DE' },
  ]);
});
