import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast, ToastContainer } from 'react-toastify';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import type { Product } from '@contract/products';
import { checkoutCopy } from '@contract/checkoutCopy';
import { copy } from '@contract/copy';
import { machineInspector } from '../../../machines/inspect';
import { emptyDraft, maxOrderable, orderModalMachine, type OrderDraft } from './orderModalMachine';
import { selectCurrentUser } from '../../../store/authSlice';
import { unwrapOrThrow } from '../../../store/callApi';
import { useAppSelector } from '../../../store/hooks';
import { useSubmissionKeys } from '../../../store/submissionKey';
import { Button } from '../../../ui/Button';
import { FieldError, TextField } from '../../../ui/Field';
import { formatPrice } from '../../../ui/formatPrice';
import { Modal } from '../../../ui/Modal';
import { Spinner } from '../../../ui/Spinner';
import { media } from '../../../ui/theme';
import { useCreateOrderMutation } from '../checkoutApi';
import { ResendVerification } from './OrderModalVerify';

/** Toasts of the open modal: the dialog sits in the top layer, above the page's toasts. */
const MODAL_TOASTS = 'order-modal';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const Fields = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

const Pair = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  /* A hint or an error under one field must not stretch its neighbour. */
  align-items: start;
  ${media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

/** Product, price, name and email: what the order is, read-only. */
const Summary = styled.dl`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  margin: 0;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.background};
  dt {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
    line-height: 1.7;
  }
  dd {
    margin: 0;
    font-weight: 700;
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap-reverse;
  justify-content: flex-end;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const BagLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  /* 'Add to shopping bag' stays on one line, also at 390 px. */
  button {
    white-space: nowrap;
  }
`;

const OutOfStock = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

/** The latest refusal, kept in the form after its toast has gone. */
const Refusal = styled(FieldError)`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-left: 4px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.dangerSoft};
`;

/**
 * 'Add to shopping bag' and the order modal: a view over the orderModal machine. The machine
 * decides (required fields, the spec's quantity rules, the POST, the toasts); this draws it.
 */
export function OrderModal({ product }: { product: Product }) {
  const user = useAppSelector(selectCurrentUser);
  const [createOrder] = useCreateOrderMutation();
  const submissions = useSubmissionKeys();
  const [draft, setDraft] = useState<OrderDraft>(emptyDraft);
  const addressRef = useRef<HTMLInputElement>(null);
  const [state, send] = useMachine(
    orderModalMachine.provide({
      actors: {
        placeOrder: fromPromise(async ({ input }) => {
          const order = await unwrapOrThrow(
            createOrder({ ...input, idempotencyKey: submissions.keyFor(input) }),
          );
          submissions.done();
          return order;
        }),
      },
      actions: {
        notify: (_, notice) => {
          if (notice.kind === 'success') toast.success(notice.message);
          else toast.error(notice.message, { containerId: MODAL_TOASTS });
        },
      },
    }),
    { inspect: machineInspector() },
  );

  const open = state.matches('open');
  const submitting = state.matches({ open: 'submitting' });
  const { fieldErrors, reason, product: ordered, buyer } = state.context;
  const max = maxOrderable(product);

  // The address is what the shopper types first.
  useEffect(() => {
    if (open) addressRef.current?.focus();
  }, [open]);

  const openModal = () => {
    if (!user) return;
    setDraft(emptyDraft);
    send({
      type: 'OPEN',
      product,
      buyer: { name: user.displayName?.trim() || user.email, email: user.email },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'SUBMIT', draft });
  };

  const edit = (field: keyof OrderDraft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));

  return (
    <>
      <BagLine>
        <Button
          $size="lg"
          onClick={openModal}
          disabled={!user || max === 0}
          aria-describedby={max === 0 ? 'out-of-stock' : undefined}
        >
          {copy.product.addToBag}
        </Button>
        {max === 0 && <OutOfStock id="out-of-stock">{checkoutCopy.order.outOfStock}</OutOfStock>}
      </BagLine>
      <Modal open={open} onClose={() => send({ type: 'CLOSE' })} title={checkoutCopy.order.title}>
        <Form onSubmit={submit} noValidate aria-busy={submitting}>
          <Fields disabled={submitting}>
            <Summary>
              <dt>{copy.order.fields.product}</dt>
              <dd>{ordered?.name}</dd>
              <dt>{copy.order.fields.price}</dt>
              <dd>{formatPrice(ordered?.price ?? 0)}</dd>
              <dt>{copy.order.fields.name}</dt>
              <dd>{buyer?.name}</dd>
              <dt>{copy.order.fields.email}</dt>
              <dd>{buyer?.email}</dd>
            </Summary>
            <TextField
              ref={addressRef}
              label={copy.order.fields.address}
              name="address"
              autoComplete="street-address"
              value={draft.address}
              onChange={edit('address')}
              error={fieldErrors.address}
            />
            <Pair>
              <TextField
                label={copy.order.fields.phone}
                name="number"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                value={draft.number}
                onChange={edit('number')}
                error={fieldErrors.number}
              />
              <TextField
                label={copy.order.fields.quantity}
                name="quantity"
                type="number"
                inputMode="numeric"
                step={1}
                value={draft.quantity}
                onChange={edit('quantity')}
                error={fieldErrors.quantity}
                hint={
                  max > 0 ? checkoutCopy.order.canOrderUpTo(max) : checkoutCopy.order.noneInStock
                }
              />
            </Pair>
          </Fields>
          {/* A refusal about one field is shown under it; any other here. */}
          {state.matches({ open: 'failure' }) &&
            reason &&
            Object.keys(fieldErrors).length === 0 && <Refusal>{reason}</Refusal>}
          {/* An unverified account holds no stock: the spec's resend action, right here. */}
          {state.matches({ open: 'failure' }) && reason === checkoutCopy.order.verifyEmailFirst && (
            <ResendVerification toastContainer={MODAL_TOASTS} />
          )}
          <Actions>
            {submitting && <Spinner inline label={checkoutCopy.order.placing} showLabel />}
            <Button
              $variant="secondary"
              onClick={() => send({ type: 'CLOSE' })}
              disabled={submitting}
            >
              {checkoutCopy.order.cancel}
            </Button>
            <Button type="submit" disabled={submitting}>
              {checkoutCopy.order.place}
            </Button>
          </Actions>
        </Form>
        <ToastContainer containerId={MODAL_TOASTS} position="top-right" autoClose={5000} />
      </Modal>
    </>
  );
}
