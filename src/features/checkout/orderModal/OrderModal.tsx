import { useMachine } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { toast, ToastContainer } from 'react-toastify';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import type { Product } from '@contract/products';
import { checkoutCopy } from '@contract/checkoutCopy';
import { copy } from '@contract/copy';
import { machineInspector } from '../../../machines/inspect';
import { maxOrderable, type OrderField } from './orderFields';
import { orderModalMachine } from './orderModalMachine';
import { OrderedToast } from './OrderedToast';
import { selectAuthStatus, selectCurrentUser } from '../../../store/authSlice';
import { unwrapOrThrow } from '../../../store/callApi';
import { useDeliveryPrefill } from '../deliveryPrefill';
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
import { OrderButtonLine } from './OrderButtonLine';

/** Toasts of the open modal: the dialog sits in the top layer, above the page's toasts. */
const MODAL_TOASTS = 'order-modal';

/**
 * The modal's toast container, under its title bar and as wide as the form (at 390 px and at
 * 1280 px alike), so a toast never covers the title or the close button. react-toastify places
 * its containers fixed to the window's corners; two classes outweigh its one.
 */
const ModalToasts = styled.div`
  .Toastify__toast-container {
    position: absolute;
    top: ${({ theme }) => theme.space.sm};
    left: 0;
    right: 0;
    width: auto;
    margin: 0;
    padding: 0;
    transform: none;
  }
  .Toastify__toast {
    width: 100%;
    margin-bottom: ${({ theme }) => theme.space.sm};
  }
`;

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
  const status = useAppSelector(selectAuthStatus);
  const [createOrder] = useCreateOrderMutation();
  const submissions = useSubmissionKeys();
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
          if (notice.kind === 'success') {
            toast.success(({ closeToast }) => (
              <OrderedToast
                message={notice.message}
                payOrderId={notice.payOrderId}
                closeToast={closeToast}
              />
            ));
          } else toast.error(notice.message, { containerId: MODAL_TOASTS });
        },
      },
    }),
    { inspect: machineInspector() },
  );

  const open = state.matches('open');
  const submitting = state.matches({ open: 'submitting' });
  const { draft, fieldErrors, reason, reasonField, product: ordered, buyer } = state.context;
  const max = maxOrderable(product);
  // Read while the page shows, so the form opens filled in; nothing is read for a product
  // nobody can order.
  const prefill = useDeliveryPrefill(max > 0 ? user?.email : null);

  // The profile or the orders may arrive after the modal opened: fill what is still empty.
  useEffect(() => {
    if (open) send({ type: 'PREFILL', prefill });
  }, [open, prefill, send]);

  // The address is what the shopper types first.
  useEffect(() => {
    if (open) addressRef.current?.focus();
  }, [open]);

  const openModal = () => {
    if (!user) return;
    send({
      type: 'OPEN',
      product,
      buyer: { name: user.displayName?.trim() || user.email, email: user.email },
      prefill,
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'SUBMIT', draft });
  };

  /** Each keystroke goes to the machine, which checks as the shopper types. */
  const fieldProps = (field: OrderField) => ({
    name: field,
    value: draft[field],
    onChange: (event: { target: { value: string } }) =>
      send({ type: 'EDIT', field, value: event.target.value }),
    error: fieldErrors[field],
  });

  return (
    <>
      <OrderButtonLine product={product} status={status} onOpen={user ? openModal : undefined} />
      <Modal
        open={open}
        onClose={() => send({ type: 'CLOSE' })}
        title={checkoutCopy.order.title}
        belowHeader={
          <ModalToasts>
            <ToastContainer containerId={MODAL_TOASTS} position="top-right" autoClose={5000} />
          </ModalToasts>
        }
      >
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
              autoComplete="street-address"
              {...fieldProps('address')}
            />
            <Pair>
              <TextField
                label={copy.order.fields.phone}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                {...fieldProps('number')}
              />
              <TextField
                label={copy.order.fields.quantity}
                type="number"
                inputMode="numeric"
                step={1}
                {...fieldProps('quantity')}
                hint={
                  max > 0 ? checkoutCopy.order.canOrderUpTo(max) : checkoutCopy.order.noneInStock
                }
              />
            </Pair>
          </Fields>
          {/* A refusal about one field is shown under it; any other here. */}
          {state.matches({ open: 'failure' }) && reason && !reasonField && (
            <Refusal>{reason}</Refusal>
          )}
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
      </Modal>
    </>
  );
}
