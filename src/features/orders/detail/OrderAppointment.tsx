import { skipToken } from '@reduxjs/toolkit/query/react';
import type { Order } from '@contract/orders';
import { useGetMyAppointmentsQuery } from '../../../shared/appointments/appointmentsApi';
import { LazyAppointmentPanel } from '../../../shared/appointments/LazyAppointmentPanel';
import { useGetMyOrdersQuery } from '../../../shared/orders/ordersApi';

/**
 * The fitting appointment the order's checkout booked, if any (issue 48): the shopper's own, to
 * move or cancel. The tyres of its checkout are its orders, read from the shopper's list.
 */
export function OrderAppointment({ order, email }: { order: Order; email: string | null }) {
  const appointments = useGetMyAppointmentsQuery(order.checkoutId ? undefined : skipToken);
  const orders = useGetMyOrdersQuery(order.checkoutId && email ? email : skipToken);
  const appointment = (appointments.data ?? []).find((one) => one.checkoutId === order.checkoutId);
  if (!appointment) return null;
  const productIds = (orders.data ?? [order])
    .filter((one) => one.checkoutId === order.checkoutId)
    .map((one) => one.productId);
  return (
    <LazyAppointmentPanel
      appointment={appointment}
      owner={{ kind: 'account', appointmentId: appointment._id }}
      productIds={productIds}
    />
  );
}
