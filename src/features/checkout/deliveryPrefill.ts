import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo } from 'react';
import type { OrderList } from '@contract/orders';
import type { Profile } from '@contract/profiles';
import { useGetMyOrdersQuery } from '../../shared/orders/ordersApi';
import { useGetProfileQuery } from '../../shared/profile/profileApi';

/** Who an order is for and where it goes, as the shopper gave it before: a form's first values. */
export interface DeliveryPrefill {
  name?: string;
  address?: string;
  /** The phone number (the spec's `number`). */
  number?: string;
}

const filled = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/**
 * Each field from the profile, the shopper's own record, else from their newest order (the
 * API lists a shopper's orders newest first). The profile has no phone: that comes from the
 * order. What neither has is left out, so a form keeps its own empty field.
 */
export function deliveryPrefill(
  profile: Profile | undefined,
  orders: OrderList | undefined,
): DeliveryPrefill {
  const last = orders?.[0];
  const prefill: DeliveryPrefill = {
    name: filled(profile?.name) ?? filled(last?.name),
    address: filled(profile?.Address) ?? filled(last?.address),
    number: filled(last?.number),
  };
  return Object.fromEntries(
    Object.entries(prefill).filter(([, value]) => value !== undefined),
  ) as DeliveryPrefill;
}

/**
 * The signed-in shopper's prefill: their profile (a 404 means none yet) and their orders, both
 * cached by the API slice; a failed read just prefills less. Skipped while nobody is signed in.
 */
export function useDeliveryPrefill(email: string | null | undefined): DeliveryPrefill {
  const { data: profile } = useGetProfileQuery(email ?? skipToken);
  const { data: orders } = useGetMyOrdersQuery(email ?? skipToken);
  return useMemo(() => deliveryPrefill(profile, orders), [profile, orders]);
}
