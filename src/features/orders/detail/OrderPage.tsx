import { skipToken } from '@reduxjs/toolkit/query/react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { OrderActor } from '@contract/orderLifecycle';
import type { Order } from '@contract/orders';
import { orderPageCopy } from '../orderPageCopy';
import { selectCurrentUser } from '../../../store/authSlice';
import { useAppSelector } from '../../../store/hooks';
import { useGetOrderQuery } from '../../../shared/orders/orderLifecycleApi';
import { PageHeading } from '../../../ui/Page';
import { QueryState } from '../../../shared/QueryState';
import { TextLink } from '../../../ui/TextLink';
import { media } from '../../../ui/theme';
import { usePageTitle } from '../../../ui/usePageTitle';
import { OrderStatusBadge } from '../lifecycle/OrderStatusBadge';
import { OrderActions } from './OrderActions';
import { OrderAppointment } from './OrderAppointment';
import { OrderDetails } from './OrderDetails';
import { OrderedTogether } from './OrderedTogether';
import { OrderTimeline } from './OrderTimeline';
import { ShipmentPanel } from './ShipmentPanel';

const Back = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
`;

const Title = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
  h1 {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/** One column on phones (actions right after the details); two halves from desktop width up. */
const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: minmax(0, 1fr);
  ${media.desktop} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    align-items: start;
  }
`;

const Column = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
`;

/** Where each party's order pages and list live. */
const PLACES: Record<OrderActor, { list: string; back: string }> = {
  owner: { list: '/dashboard/myorder', back: orderPageCopy.backToMyOrders },
  admin: { list: '/dashboard/allOrders', back: orderPageCopy.backToAllOrders },
};

function OrderView({ order, viewer }: { order: Order; viewer: OrderActor }) {
  const user = useAppSelector(selectCurrentUser);
  const place = PLACES[viewer];
  return (
    <>
      <Title>
        <PageHeading>{orderPageCopy.title(order.ProductName)}</PageHeading>
        <OrderStatusBadge order={order} />
      </Title>
      <Layout>
        <Column>
          <OrderDetails order={order} viewer={viewer} />
          {viewer === 'owner' && <OrderAppointment order={order} email={user?.email ?? null} />}
          <OrderedTogether
            order={order}
            // The shopper's own list, or (admins) the buyer's.
            email={viewer === 'owner' ? (user?.email ?? null) : order.email}
            pathOf={(id) => `${place.list}/${id}`}
          />
        </Column>
        <Column>
          <OrderActions order={order} viewer={viewer} />
          <ShipmentPanel order={order} />
          <OrderTimeline order={order} viewer={viewer} />
        </Column>
      </Layout>
    </>
  );
}

/**
 * An order's page: its lines, money, address, shipment and history, and the actions `viewer`
 * may take on it now. The shopper's at /dashboard/myorder/{id}, the admins' at
 * /dashboard/allOrders/{id}; the API says whose orders each may read.
 */
export function OrderPage({ viewer }: { viewer: OrderActor }) {
  const { id } = useParams();
  const query = useGetOrderQuery(id ?? skipToken);
  usePageTitle(query.data ? orderPageCopy.title(query.data.ProductName) : orderPageCopy.pageTitle);
  const place = PLACES[viewer];
  return (
    <>
      <Back>
        <TextLink to={place.list}>← {place.back}</TextLink>
      </Back>
      <QueryState
        query={query}
        loadingLabel={orderPageCopy.loading}
        errorMessage={orderPageCopy.loadFailed}
      >
        {(order) => <OrderView order={order} viewer={viewer} />}
      </QueryState>
    </>
  );
}
