import type { FormikProps } from 'formik';
import { useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { orderPageCopy } from '../orderPageCopy';
import { Button, type ButtonVariant } from '../../../ui/Button';
import { FieldError } from '../../../ui/Field';
import { Modal } from '../../../ui/Modal';
import { Spinner } from '../../../ui/Spinner';
import { useFocusFirstInvalid } from '../../../ui/useFocusFirstInvalid';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  p {
    margin: 0;
  }
`;

/** A refusal that is about no one field, in the API's words. */
const Problem = styled(FieldError)`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-left: 4px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.dangerSoft};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

/**
 * The dialog of one action on an order: what will happen, the fields it needs, and a
 * confirming button named as the action. The Formik form owns the values and the sending; its
 * `status` holds a refusal that is about no one field. Escape or Close while sending is ignored.
 */
export function ActionDialog<V>({
  title,
  form,
  submitLabel,
  variant = 'primary',
  dismissLabel = orderPageCopy.actions.dismiss,
  onClose,
  children,
}: {
  title: string;
  form: FormikProps<V>;
  submitLabel: string;
  variant?: ButtonVariant;
  dismissLabel?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(ref, form);
  const close = () => {
    if (!form.isSubmitting) onClose();
  };
  const problem = typeof form.status === 'string' ? form.status : null;
  return (
    <Modal open onClose={close} title={title}>
      <Form ref={ref} noValidate onSubmit={form.handleSubmit} aria-label={title}>
        {children}
        {problem && <Problem role="alert">{problem}</Problem>}
        <Actions>
          {form.isSubmitting && <Spinner inline label={orderPageCopy.actions.working} showLabel />}
          <Button $variant="secondary" onClick={close} disabled={form.isSubmitting}>
            {dismissLabel}
          </Button>
          <Button type="submit" $variant={variant} disabled={form.isSubmitting}>
            {submitLabel}
          </Button>
        </Actions>
      </Form>
    </Modal>
  );
}
