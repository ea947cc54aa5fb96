import { waitFor } from '@testing-library/react';
import { onFirstInteraction, whenIdle } from './afterInteraction';
import { keepWhatIsDoneBeforeHydration } from './beforeHydration';

it('runs work meant for the first touch at once when the visitor touched the page before the app', async () => {
  keepWhatIsDoneBeforeHydration();
  document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
  const atTouch = jest.fn();
  const atIdle = jest.fn();
  onFirstInteraction(atTouch);
  // whenIdle hands onFirstInteraction a callback that cancels what whenIdle set up: it must not
  // run before whenIdle has it (it once threw "Cannot access before initialization").
  expect(() => whenIdle(atIdle)).not.toThrow();
  await waitFor(() => expect(atTouch).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(atIdle).toHaveBeenCalledTimes(1));
  const cancelled = jest.fn();
  onFirstInteraction(cancelled)();
  await Promise.resolve();
  expect(cancelled).not.toHaveBeenCalled();
});
