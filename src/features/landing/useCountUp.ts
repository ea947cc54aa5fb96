import { useEffect, useState } from 'react';
import { usePrefersReducedMotion } from '../../ui/usePrefersReducedMotion';

/** Fast at first, settling gently on the final number. */
const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

/**
 * Counts from 0 up to `target` over `durationMs` once `running` turns true, one step per
 * animation frame. Visitors who prefer reduced motion get the final value at once.
 */
export function useCountUp(target: number, durationMs: number, running: boolean): number {
  const reducedMotion = usePrefersReducedMotion();
  const [value, setValue] = useState(0);

  useEffect(() => {
    if (!running || reducedMotion) return;
    let frame = 0;
    let startedAt: number | undefined;
    const step = (now: number) => {
      startedAt ??= now;
      const progress = Math.min(1, (now - startedAt) / durationMs);
      setValue(Math.round(target * easeOutCubic(progress)));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [running, reducedMotion, target, durationMs]);

  return reducedMotion ? target : value;
}
