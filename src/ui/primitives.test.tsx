import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { Button } from './Button';
import { TextAreaField, TextField } from './Field';
import { formatPrice } from './formatPrice';
import { Modal } from './Modal';
import { Rating } from './Rating';
import { Spinner } from './Spinner';
import { Table } from './Table';
import { theme } from './theme';

const themed = (ui: React.ReactElement) =>
  render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);

describe('TextField', () => {
  it('labels its input and ties the hint and the error to it', () => {
    themed(
      <TextField label="Your Name" name="name" hint="As on your order" error="Name is required" />,
    );
    const input = screen.getByRole('textbox', { name: 'Your Name' });
    expect(input).toHaveAttribute('name', 'name');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('As on your order Name is required');
    expect(screen.getByText('Name is required')).toBeVisible();
  });

  it('is valid without an error, and can hide its label from the eye only', () => {
    themed(<TextField label="Search Product" hideLabel />);
    const input = screen.getByRole('textbox', { name: 'Search Product' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('has a textarea twin', () => {
    themed(<TextAreaField label="description" error="description is required" />);
    expect(screen.getByRole('textbox', { name: 'description' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});

describe('Button', () => {
  it('is a real button that does not submit forms unless told to', () => {
    themed(
      <>
        <Button>Cancel</Button>
        <Button type="submit">Save</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveAttribute('type', 'button');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'submit');
  });
});

describe('Modal', () => {
  function Harness() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button onClick={() => setOpen(true)}>Delete order</Button>
        <Modal
          open={open}
          onClose={() => setOpen(false)}
          title="Delete this order?"
          actions={<Button onClick={() => setOpen(false)}>Cancel</Button>}
        >
          <p>It cannot be undone.</p>
        </Modal>
      </>
    );
  }

  it('opens as a titled dialog and closes with its close button, giving focus back', async () => {
    themed(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const opener = screen.getByRole('button', { name: 'Delete order' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Delete this order?' });
    expect(dialog).toHaveTextContent('It cannot be undone.');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on Escape (the dialog’s cancel event) and on its own actions', async () => {
    themed(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete order' }));
    const dialog = screen.getByRole('dialog');
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(await screen.findByRole('button', { name: 'Delete order' })).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete order' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Table', () => {
  it('is a captioned table in a labelled, keyboard-scrollable region', () => {
    themed(
      <Table caption="My Orders">
        <thead>
          <tr>
            <th scope="col">SL</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>1</td>
          </tr>
        </tbody>
      </Table>,
    );
    const region = screen.getByRole('region', { name: 'My Orders' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('table', { name: 'My Orders' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'SL' })).toBeInTheDocument();
  });
});

describe('Rating', () => {
  it('fills as many stars as the Ratings and prints the number beside them', () => {
    themed(<Rating value={3} />);
    const rating = screen.getByRole('img', { name: 'Rated 3 out of 5' });
    expect(rating).toHaveTextContent('3');
    const fills = Array.from(rating.querySelectorAll('path')).map((p) => p.getAttribute('fill'));
    expect(fills.filter((fill) => fill === '#d97706')).toHaveLength(3);
    expect(fills).toHaveLength(5);
  });
});

describe('Spinner', () => {
  it('is a polite status with a label', () => {
    themed(<Spinner label="Loading products" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading products');
  });
});

describe('formatPrice', () => {
  it('writes dollars with a $ sign and two decimals', () => {
    expect(formatPrice(5)).toBe('$5.00');
    expect(formatPrice(89.99)).toBe('$89.99');
    expect(formatPrice(1234.5)).toBe('$1,234.50');
  });
});
