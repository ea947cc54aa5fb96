import { useEffect, useRef, type RefObject } from 'react';

/**
 * After a submit that failed validation, moves focus to the first field marked invalid, so
 * keyboard and screen-reader users land on what needs fixing. Runs once per submit attempt.
 */
export function useFocusFirstInvalid(
  form: RefObject<HTMLFormElement | null>,
  {
    submitCount,
    isSubmitting,
    isValid,
  }: { submitCount: number; isSubmitting: boolean; isValid: boolean },
) {
  const handled = useRef(0);
  useEffect(() => {
    if (isSubmitting || submitCount === handled.current) return;
    handled.current = submitCount;
    if (!isValid) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, submitCount, isSubmitting, isValid]);
}
