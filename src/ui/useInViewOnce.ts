import { useEffect, useState, type RefObject } from 'react';

/**
 * Becomes true the first time the element scrolls into view and stays true. Without
 * IntersectionObserver (old browsers) the element counts as seen at once, so nothing that waits
 * for it is left hidden.
 */
export function useInViewOnce(ref: RefObject<Element | null>, threshold = 0.25): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen, threshold]);

  return seen;
}
