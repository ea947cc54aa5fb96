import { act, screen } from '@testing-library/react';
import { renderPage } from '../../test/render';
import { BusinessSummary } from './BusinessSummary';

const FINAL = { Country: '100+', products: '350+', 'Yearly Income': '140M+', FeedBacks: '650+' };

function shown() {
  return Object.fromEntries(
    Object.keys(FINAL).map((label) => [label, screen.getByTestId(`counter-${label}`).textContent]),
  );
}

/** jsdom has no matchMedia: answer the reduced-motion query as told. */
function prefersReducedMotion(reduce: boolean) {
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  }));
}

/** An IntersectionObserver the test scrolls by hand. */
function fakeIntersectionObserver() {
  const callbacks: IntersectionObserverCallback[] = [];
  class FakeObserver {
    constructor(callback: IntersectionObserverCallback) {
      callbacks.push(callback);
    }
    observe() {}
    disconnect() {}
    unobserve() {}
  }
  window.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
  return {
    scrollIntoView() {
      act(() =>
        callbacks.forEach((callback) =>
          callback(
            [{ isIntersecting: true } as IntersectionObserverEntry],
            {} as IntersectionObserver,
          ),
        ),
      );
    },
  };
}

describe('the business summary counters', () => {
  const originalMatchMedia = window.matchMedia;
  const originalObserver = window.IntersectionObserver;

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    window.matchMedia = originalMatchMedia;
    window.IntersectionObserver = originalObserver;
  });

  it('show the final values until they scroll into view, then count up to them from 0 in 10 s', () => {
    prefersReducedMotion(false);
    const viewport = fakeIntersectionObserver();
    renderPage(<BusinessSummary />);

    // As the server rendered them: the figures, not zeros.
    act(() => jest.advanceTimersByTime(5_000));
    expect(shown()).toEqual(FINAL);

    viewport.scrollIntoView();
    act(() => jest.advanceTimersByTime(2_000));
    const partway = Number(shown().FeedBacks!.replace('+', ''));
    expect(partway).toBeGreaterThan(0);
    expect(partway).toBeLessThan(650);

    act(() => jest.advanceTimersByTime(6_000));
    expect(shown().FeedBacks).not.toBe('650+'); // still counting at 8 s

    act(() => jest.advanceTimersByTime(2_100));
    expect(shown()).toEqual(FINAL);

    // And they stay there.
    act(() => jest.advanceTimersByTime(5_000));
    expect(shown()).toEqual(FINAL);
  });

  it('show the final values at once to visitors who prefer reduced motion', () => {
    prefersReducedMotion(true);
    fakeIntersectionObserver(); // never scrolled into view
    renderPage(<BusinessSummary />);
    expect(shown()).toEqual(FINAL);
  });

  it('give screen readers the final figures and their labels, not the moving numbers', () => {
    prefersReducedMotion(false);
    fakeIntersectionObserver();
    renderPage(<BusinessSummary />);
    for (const [label, value] of Object.entries(FINAL)) {
      expect(screen.getByTestId(`counter-${label}`)).toHaveAttribute('aria-hidden', 'true');
      // The moving number is hidden from them (it starts at the final value too).
      const spoken = screen
        .getAllByText(value)
        .filter((element) => !element.closest('[aria-hidden="true"]'));
      expect(spoken).toHaveLength(1);
      expect(screen.getByText(label)).toBeInTheDocument();
    }
  });
});
