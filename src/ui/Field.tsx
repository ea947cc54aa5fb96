import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { VisuallyHidden } from './VisuallyHidden';

const Wrapper = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

export const Label = styled.label`
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const control = css`
  width: 100%;
  min-height: 44px;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.muted};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.ink};
  font: inherit;
  &::placeholder {
    color: #6b7280;
  }
  &:focus-visible {
    border-color: ${({ theme }) => theme.colors.focus};
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
    box-shadow: 0 0 0 1px ${({ theme }) => theme.colors.danger};
  }
  /* The attribute, not :read-only, which every select matches (it is never read-write). */
  &[readonly]:not([type='file']) {
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.inkSoft};
  }
  &[type='file'] {
    padding: ${({ theme }) => theme.space.sm};
  }
`;

export const Input = styled.input`
  ${control}
`;

export const Select = styled.select`
  ${control}
  padding-right: ${({ theme }) => theme.space.sm};
`;

export const TextArea = styled.textarea`
  ${control}
  min-height: 7rem;
  resize: vertical;
`;

/** The spec's validation messages: red text under the field. */
export const FieldError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
`;

export const FieldHint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

interface FieldOwnProps {
  label: ReactNode;
  /** Shown under the field in red; the control is marked invalid while it is set. */
  error?: string | false | null;
  hint?: ReactNode;
  /** The label is still there for screen readers, just not shown (a lone search box). */
  hideLabel?: boolean;
}

/** Wires a label, hint and error to one control by id, as assistive technology expects. */
function useFieldIds(id: string | undefined, hint: ReactNode, error: FieldOwnProps['error']) {
  const fallback = useId();
  const controlId = id ?? fallback;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy };
}

function Shell({
  label,
  hideLabel,
  hint,
  error,
  ids,
  children,
}: FieldOwnProps & { ids: ReturnType<typeof useFieldIds>; children: ReactNode }) {
  return (
    <Wrapper>
      {hideLabel ? (
        <VisuallyHidden as="label" htmlFor={ids.controlId}>
          {label}
        </VisuallyHidden>
      ) : (
        <Label htmlFor={ids.controlId}>{label}</Label>
      )}
      {children}
      {hint && <FieldHint id={ids.hintId}>{hint}</FieldHint>}
      {error && <FieldError id={ids.errorId}>{error}</FieldError>}
    </Wrapper>
  );
}

/** A labelled <input> (text, email, number, file...) with its hint and error. */
export function TextField({
  label,
  error,
  hint,
  hideLabel,
  id,
  ...inputProps
}: FieldOwnProps & ComponentPropsWithRef<'input'>) {
  const ids = useFieldIds(id, hint, error);
  return (
    <Shell label={label} error={error} hint={hint} hideLabel={hideLabel} ids={ids}>
      <Input
        {...inputProps}
        id={ids.controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      />
    </Shell>
  );
}

/** A labelled <textarea> with its hint and error. */
export function TextAreaField({
  label,
  error,
  hint,
  hideLabel,
  id,
  ...textAreaProps
}: FieldOwnProps & ComponentPropsWithRef<'textarea'>) {
  const ids = useFieldIds(id, hint, error);
  return (
    <Shell label={label} error={error} hint={hint} hideLabel={hideLabel} ids={ids}>
      <TextArea
        {...textAreaProps}
        id={ids.controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      />
    </Shell>
  );
}

/** A labelled <select> with its hint and error. */
export function SelectField({
  label,
  error,
  hint,
  hideLabel,
  id,
  children,
  ...selectProps
}: FieldOwnProps & ComponentPropsWithRef<'select'>) {
  const ids = useFieldIds(id, hint, error);
  return (
    <Shell label={label} error={error} hint={hint} hideLabel={hideLabel} ids={ids}>
      <Select
        {...selectProps}
        id={ids.controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      >
        {children}
      </Select>
    </Shell>
  );
}
