import styled from 'styled-components';
import type { OrderActor } from '@contract/orderLifecycle';
import type { Order, OrderEvent } from '@contract/orders';
import { lifecycleCopy } from '@contract/lifecycleCopy';
import { orderPageCopy } from '../orderPageCopy';
import { useGetOrderHistoryQuery } from '../../../shared/orders/orderLifecycleApi';
import { useOrderMoney } from '../../../shared/orders/orderMoney';
import { QueryState } from '../../../shared/QueryState';
import { formatMoment } from './formatMoment';
import { Panel } from './panel';

const Steps = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** A dot on a line down the left: the order's steps, oldest first. */
const Step = styled.li`
  position: relative;
  display: grid;
  gap: 2px;
  padding-left: ${({ theme }) => theme.space.lg};
  overflow-wrap: anywhere;
  &::before {
    content: '';
    position: absolute;
    left: 0.2rem;
    top: 0.35rem;
    width: 0.7rem;
    height: 0.7rem;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.accentStrong};
  }
  &:not(:last-child)::after {
    content: '';
    position: absolute;
    left: calc(0.55rem - 1px);
    top: 1.2rem;
    bottom: calc(-1 * ${({ theme }) => theme.space.md} + 0.2rem);
    width: 2px;
    background: ${({ theme }) => theme.colors.lineStrong};
  }
  small {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  q {
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

/** Who took a step, as the shopper or the admins read it. */
function whoDid(event: OrderEvent, viewer: OrderActor): string {
  const { actor } = lifecycleCopy;
  if (event.by === 'shopper') return viewer === 'owner' ? actor.shopper : actor.customer;
  if (event.by === 'admin') return event.byEmail ?? actor.admin;
  return actor.store;
}

/**
 * The order's history as a timeline: what happened, when, by whom, for how much (in the order's
 * currency) and why.
 */
export function OrderTimeline({ order, viewer }: { order: Order; viewer: OrderActor }) {
  const query = useGetOrderHistoryQuery(order._id);
  const money = useOrderMoney();
  const words = orderPageCopy.history;
  return (
    <Panel aria-labelledby="order-history">
      <h2 id="order-history">{words.heading}</h2>
      <QueryState query={query} loadingLabel={words.loading} errorMessage={words.loadFailed}>
        {(events) => (
          <Steps>
            {events.map((event, index) => (
              <Step key={`${event.at}-${index}`}>
                <strong>
                  {lifecycleCopy.event[event.action]}
                  {event.amount !== null && ` · ${money(order, event.amount)}`}
                </strong>
                <small>
                  <time dateTime={event.at}>{formatMoment(event.at)}</time> ·{' '}
                  {whoDid(event, viewer)}
                </small>
                {event.note && <q>{event.note}</q>}
              </Step>
            ))}
          </Steps>
        )}
      </QueryState>
    </Panel>
  );
}
