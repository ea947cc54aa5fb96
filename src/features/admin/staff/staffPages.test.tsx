import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { routes } from '../../../app/routes';
import { renderRoutes, signedInAuth } from '../../../test/render';
import { server } from '../../../test/server';

/** The staff's dashboard (issue 52): the menu by permission, the owner's Staff page. */
describe('the staff pages', () => {
  beforeEach(() =>
    server.use(
      http.get('/api/users', () => HttpResponse.json([])),
      http.get('/api/staff', () =>
        HttpResponse.json([
          {
            _id: '0b8e3c52-7a4d-4f1e-9c3b-000000000001',
            email: 'owner@store.test',
            roles: ['owner'],
            refundLimit: 0,
          },
        ]),
      ),
      http.get('/api/staff/sessions', () => HttpResponse.json([])),
    ),
  );

  it('shows a support person only the pages support may open', async () => {
    renderRoutes(routes, '/dashboard/alluser', {
      auth: signedInAuth({
        admin: true,
        permissions: ['orders.read', 'customers.read', 'emails.resend'],
      }),
    });
    const sidebar = within(await screen.findByRole('navigation', { name: 'Dashboard' }));
    expect(sidebar.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Profile',
      'All Orders',
      'All User',
    ]);
  });

  it('lets the owner give a role, with the roles and limit sent as chosen', async () => {
    let sent: unknown = null;
    server.use(
      http.put('/api/staff/:email', async ({ request, params }) => {
        sent = { email: params.email, ...((await request.json()) as object) };
        return HttpResponse.json({
          _id: '0b8e3c52-7a4d-4f1e-9c3b-000000000002',
          email: params.email,
          roles: ['refunds'],
          refundLimit: 250,
        });
      }),
    );
    renderRoutes(routes, '/dashboard/staff', {
      auth: signedInAuth({ admin: true, permissions: ['roles.manage', 'store.admin'] }),
    });
    const form = within(await screen.findByRole('form', { name: 'Give or take roles' }));
    await userEvent.type(form.getByLabelText('Email'), 'fitter@store.test');
    await userEvent.type(form.getByLabelText('Refund limit (dollars in 24 hours)'), '250');
    await userEvent.click(form.getByRole('checkbox', { name: /^Refunds/ }));
    await userEvent.click(form.getByRole('button', { name: 'Save roles' }));
    expect(await screen.findByText('Roles of fitter@store.test saved.')).toBeInTheDocument();
    expect(sent).toEqual({ email: 'fitter@store.test', roles: ['refunds'], refundLimit: 250 });
  });

  it('lets the owner scope a fitter to one centre: every centre unless told otherwise', async () => {
    let sent: unknown = null;
    const north = {
      _id: '0b8e3c52-7a4d-4f1e-9c3b-0000000000c1',
      name: 'North Garage',
      city: 'Leeds',
    };
    const south = {
      _id: '0b8e3c52-7a4d-4f1e-9c3b-0000000000c2',
      name: 'South Garage',
      city: 'Bath',
    };
    server.use(
      http.get('/api/fitting-centres/all', () => HttpResponse.json([north, south])),
      http.put('/api/staff/:email', async ({ request, params }) => {
        sent = { email: params.email, ...((await request.json()) as object) };
        return HttpResponse.json({
          _id: '0b8e3c52-7a4d-4f1e-9c3b-000000000003',
          email: params.email,
          roles: ['fitting'],
          refundLimit: 0,
          centres: [north._id],
        });
      }),
    );
    renderRoutes(routes, '/dashboard/staff', {
      auth: signedInAuth({ admin: true, permissions: ['roles.manage', 'store.admin'] }),
    });
    const form = within(await screen.findByRole('form', { name: 'Give or take roles' }));
    await userEvent.type(form.getByLabelText('Email'), 'fitter@store.test');
    await userEvent.click(form.getByRole('checkbox', { name: /^Fitting/ }));
    const every = form.getByRole('checkbox', { name: 'Every centre' });
    expect(every).toBeChecked();
    await userEvent.click(every);
    await userEvent.click(form.getByRole('button', { name: 'Save roles' }));
    expect(
      await form.findByText('Choose at least one centre, or Every centre.'),
    ).toBeInTheDocument();
    expect(sent).toBeNull();
    await userEvent.click(await form.findByRole('checkbox', { name: /^North Garage/ }));
    await userEvent.click(form.getByRole('button', { name: 'Save roles' }));
    expect(await screen.findByText('Roles of fitter@store.test saved.')).toBeInTheDocument();
    expect(sent).toEqual({
      email: 'fitter@store.test',
      roles: ['fitting'],
      centres: [north._id],
    });
  });
});
