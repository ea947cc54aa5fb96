import styled from 'styled-components';
import type { OrderStatus } from '@contract/orderLifecycle';
import type { Order } from '@contract/orders';
import { lifecycleCopy } from '@contract/lifecycleCopy';
import { factsOf } from './orderLifecycleMachine';

type Tone = 'waiting' | 'moving' | 'done' | 'stopped';

/** How each status reads at a glance: waiting on someone, on its way, done, or stopped. */
const TONES: Record<OrderStatus, Tone> = {
  unpaid: 'waiting',
  paid: 'moving',
  shipped: 'moving',
  delivered: 'done',
  cancelled: 'stopped',
  expired: 'stopped',
  return_requested: 'waiting',
  returned: 'stopped',
};

/** Text and background pairs of 7:1 or more. */
const COLOURS: Record<Tone, { ink: string; fill: string }> = {
  waiting: { ink: '#78350f', fill: '#fef3c7' },
  moving: { ink: '#1e3a8a', fill: '#dbeafe' },
  done: { ink: '#14532d', fill: '#dcfce7' },
  stopped: { ink: '#374151', fill: '#e5e7eb' },
};

const Badge = styled.span<{ $tone: Tone }>`
  display: inline-flex;
  align-items: center;
  padding: 0.1rem ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ $tone }) => COLOURS[$tone].fill};
  color: ${({ $tone }) => COLOURS[$tone].ink};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  white-space: nowrap;
`;

/** The order's status as a word ("Return requested"), never the raw value. */
export function OrderStatusBadge({ order }: { order: Order }) {
  // An unpaid order whose hold ran out while the page was open reads as expired, as on the server.
  const { status } = factsOf(order);
  return <Badge $tone={TONES[status]}>{lifecycleCopy.status[status]}</Badge>;
}
