import { skipToken } from '@reduxjs/toolkit/query/react';
import { selectCurrentUser } from '../../../store/authSlice';
import { useAppSelector } from '../../../store/hooks';
import { useGetMyOrdersQuery } from '../../../store/ordersApi';
import { useGetCheckoutProfileQuery } from './bagCheckoutApi';
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
  const profile = useGetCheckoutProfileQuery(email);
  const orders = useGetMyOrdersQuery(email);
  if (profile.isLoading || orders.isLoading) return null;
  const last = orders.data?.[0];
  const pick = (...values: (string | null | undefined)[]) =>
    values.map((value) => value?.trim()).find(Boolean);
  return {
    name: pick(profile.data?.name, last?.name, user?.displayName),
    address: pick(profile.data?.Address, last?.address),
    number: pick(last?.number),
    fromRecords: Boolean(profile.data || last),
  };
}
