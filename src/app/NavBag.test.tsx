import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { bagLine, bagOf } from '../test/bagFixtures';
import { battery, tyre } from '../test/fixtures';
import { renderRoutes, signedInAuth } from '../test/render';
import { server } from '../test/server';
import { Navbar } from './Navbar';

const routes = [{ path: '*', element: <Navbar /> }];

beforeEach(() => localStorage.clear());

describe("the navbar's bag button", () => {
  it('counts the items of a guest’s bag, kept in this browser', async () => {
    localStorage.setItem(
      'guestBag',
      JSON.stringify([
        { productId: tyre._id, quantity: 2, price: tyre.price },
        { productId: battery._id, quantity: 1, price: battery.price },
      ]),
    );
    renderRoutes(routes, '/');
    // Outside the phone's menu: in sight on every screen.
    expect(await screen.findByRole('link', { name: 'Bag, 3 items' })).toHaveAttribute(
      'href',
      '/bag',
    );
  });

  it('says an empty bag has 0 items', async () => {
    renderRoutes(routes, '/');
    expect(await screen.findByRole('link', { name: 'Bag, 0 items' })).toBeInTheDocument();
  });

  it('counts the signed-in shopper’s bag from the server', async () => {
    server.use(
      http.get('/api/bag', () => HttpResponse.json(bagOf([bagLine(tyre, 4), bagLine(battery, 1)]))),
    );
    renderRoutes(routes, '/', { auth: signedInAuth() });
    expect(await screen.findByRole('link', { name: 'Bag, 5 items' })).toBeInTheDocument();
  });

  it('shows no count while the sign-in state loads (as the server renders the page)', () => {
    localStorage.setItem(
      'guestBag',
      JSON.stringify([{ productId: tyre._id, quantity: 2, price: tyre.price }]),
    );
    renderRoutes(routes, '/', { auth: { status: 'loading' } });
    expect(screen.getByRole('link', { name: 'Bag' })).toBeInTheDocument();
  });
});
