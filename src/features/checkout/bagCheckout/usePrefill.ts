import { skipToken } from '@reduxjs/toolkit/query/react';
import { selectCurrentUser } from '../../../store/authSlice';
import { useAppSelector } from '../../../store/hooks';
import { deliveryPrefill } from '../deliveryPrefill';
import { useGetMyOrdersQuery } from '../../../shared/orders/ordersApi';
import { useGetProfileQuery } from '../../../shared/profile/profileApi';
import type { DetailsValues } from './detailsSchema';

export type Prefill = Partial<Pick<DetailsValues, 'name' | 'address' | 'number'>> & {
  /** Whether a profile or an order gave anything (the account's name alone is no news). */
  fromRecords: boolean;
};

/**
 * What the details form starts with: the profile's name and address, else the last order's
 * (its phone too: a profile has none), else the account's name. Null until both answered (a
 * missing profile is a 404), so one source never fills a field the other would have.
 */
export function usePrefill(): Prefill | null {
  const user = useAppSelector(selectCurrentUser);
  const email = user?.email ?? skipToken;
  const profile = useGetProfileQuery(email);
  const orders = useGetMyOrdersQuery(email);
  if (profile.isLoading || orders.isLoading) return null;
  // The order modal's rule (features/checkout/deliveryPrefill.ts), and the account's name as a last resort.
  const prefill = deliveryPrefill(profile.data, orders.data);
  return {
    ...prefill,
    name: prefill.name ?? (user?.displayName?.trim() || undefined),
    fromRecords: Boolean(profile.data || orders.data?.[0]),
  };
}
