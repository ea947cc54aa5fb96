import { act, waitFor, within } from '@testing-library/react';
import { toast } from 'react-toastify';

/**
 * Dismisses every toast. jsdom runs no CSS animations, so a dismissed toast stays in the DOM,
 * but it is no longer an alert: the queries below only see toasts that are showing.
 */
export function dismissToasts(): void {
  act(() => {
    toast.dismiss();
  });
}

/** The toasts showing now (react-toastify marks a showing toast as an alert). */
export function showingToasts(container: HTMLElement = document.body): string[] {
  return within(container)
    .queryAllByRole('alert')
    .filter((element) => element.classList.contains('Toastify__toast'))
    .map((element) => element.textContent ?? '');
}

/** Waits until a toast with this text shows. */
export async function expectToast(message: string, container?: HTMLElement): Promise<void> {
  await waitFor(() => expect(showingToasts(container)).toContain(message));
}

/** Waits until a toast that starts with this text shows (it may offer an action after it). */
export async function findToast(message: string, container?: HTMLElement): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = within(container ?? document.body)
      .queryAllByRole('alert')
      .find(
        (element) =>
          element.classList.contains('Toastify__toast') &&
          (element.textContent ?? '').startsWith(message),
      );
    expect(found).toBeDefined();
  });
  return found!;
}
