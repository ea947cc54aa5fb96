import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stockBelowZero } from '@contract/catalogTerms';
import { catalogueApi } from '../../../test/catalogueApi';
import { battery } from '../../../test/fixtures';
import { renderRoutes, signedInAuth } from '../../../test/render';
import { server } from '../../../test/server';
import { expectToast } from '../../../test/toastAlerts';
import { withToasts } from '../../../test/toasts';
import { RestockDialog } from './RestockDialog';

function renderDialog(product = battery) {
  const api = catalogueApi([product]);
  server.use(...api.handlers);
  const onClose = jest.fn();
  renderRoutes(
    withToasts([{ path: '*', element: <RestockDialog product={product} onClose={onClose} /> }]),
    '/dashboard/products',
    { auth: signedInAuth({ admin: true }) },
  );
  return { api, onClose };
}

const dialog = () => screen.getByRole('dialog', { name: `Restock ${battery.name}` });
const units = () => within(dialog()).getByRole('spinbutton', { name: 'Units in (+) or out (−)' });
const reason = () => within(dialog()).getByRole('combobox', { name: 'Reason' });
const save = () => within(dialog()).getByRole('button', { name: 'Save stock' });

beforeEach(() => localStorage.setItem('accessToken', 'admin-token'));
afterEach(() => localStorage.clear());

describe('the Restock dialog', () => {
  it('opens at the units, steps them with − and +, and suggests reasons', async () => {
    renderDialog();
    expect(units()).toHaveFocus();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'One unit more' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'One unit more' }));
    expect(units()).toHaveValue(2);
    expect(within(dialog()).getByText('In stock: 38 +2 = 40.')).toBeInTheDocument();
    for (let i = 0; i < 3; i += 1) {
      await userEvent.click(within(dialog()).getByRole('button', { name: 'One unit less' }));
    }
    // 0 moves nothing, so the step goes past it.
    expect(units()).toHaveValue(-2);
    expect(within(dialog()).getByText('In stock: 38 −2 = 36.')).toBeInTheDocument();
    const suggestions = document.getElementById(reason().getAttribute('list')!)!;
    expect([...suggestions.querySelectorAll('option')].map((o) => o.value)).toEqual(
      expect.arrayContaining(['delivery', 'count correction', 'damaged']),
    );
  });

  it('adds units with a reason, toasts and closes', async () => {
    const { api, onClose } = renderDialog();
    await userEvent.type(units(), '40');
    await userEvent.type(reason(), ' delivery ');
    await userEvent.click(save());
    await expectToast(`Stock of ${battery.name} is now 78.`);
    expect(onClose).toHaveBeenCalled();
    expect(api.writes()).toEqual([
      expect.objectContaining({
        path: `/api/product/${battery._id}/stock`,
        body: { delta: 40, reason: 'delivery' },
      }),
    ]);
  });

  it('refuses to go below zero under the units, before sending', async () => {
    const { api, onClose } = renderDialog();
    await userEvent.type(units(), '-39');
    await userEvent.type(reason(), 'damaged');
    await userEvent.click(save());
    expect(await within(dialog()).findByText(stockBelowZero(38))).toBeInTheDocument();
    expect(units()).toHaveAttribute('aria-invalid', 'true');
    expect(units()).toHaveAccessibleDescription(stockBelowZero(38));
    expect(units()).toHaveFocus();
    expect(api.writes()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the API’s below-zero refusal under the units (the stock moved meanwhile)', async () => {
    const { api, onClose } = renderDialog();
    api.products[0]!.availablequantity = 5;
    await userEvent.type(units(), '-10');
    await userEvent.type(reason(), 'count correction');
    await userEvent.click(save());
    expect(await within(dialog()).findByText(stockBelowZero(5))).toBeInTheDocument();
    expect(units()).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
    expect(units()).toHaveValue(-10);
    expect(reason()).toHaveValue('count correction');
  });

  it('needs units other than 0 and a reason', async () => {
    renderDialog();
    await userEvent.click(save());
    expect(
      await within(dialog()).findByText('Type the units that come in (or go out, with −).'),
    ).toBeInTheDocument();
    expect(
      within(dialog()).getByText('Say why the stock moves, e.g. delivery.'),
    ).toBeInTheDocument();
    await userEvent.type(units(), '0');
    expect(
      within(dialog()).getByText('Units cannot be 0: add or take out at least one unit.'),
    ).toBeInTheDocument();
  });

  it('closes on Escape and on Cancel', async () => {
    const { onClose } = renderDialog();
    fireEvent(dialog(), new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
