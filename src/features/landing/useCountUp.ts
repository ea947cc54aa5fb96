import { useEffect, useState } from 'react';
import { usePrefersReducedMotion } from '../../ui/usePrefersReducedMotion';

/** Fast at first, settling gently on the final number. */
const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

/**
 * Counts from 0 up to `target` over `durationMs` once `running` turns true, one step per
 * animation frame. Until then it is the final value: the server-rendered page (read without
 * JavaScript, or before it runs) shows the real figures, not zeros. Visitors who prefer
 * reduced motion get the final value only.
 */
export function useCountUp(target: number, durationMs: number, running: boolean): number {
  const reducedMotion = usePrefersReducedMotion();
  const [value, setValue] = useState(target);

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
