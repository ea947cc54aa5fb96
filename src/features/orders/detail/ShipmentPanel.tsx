import styled from 'styled-components';
import type { Order } from '@contract/orders';
import { orderPageCopy } from '../orderPageCopy';
import { ExternalLink } from '../../../ui/TextLink';
import { formatMoment } from './formatMoment';
import { Facts, Panel } from './panel';

const words = orderPageCopy.shipment;

const Tracking = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
`;

/** The parcel: its carrier, tracking number and the carrier's tracking page, once shipped. */
export function ShipmentPanel({ order }: { order: Order }) {
  const { shipment } = order;
  return (
    <Panel aria-labelledby="order-shipment">
      <h2 id="order-shipment">{words.heading}</h2>
      {shipment ? (
        <Facts>
          <dt>{words.carrier}</dt>
          <dd>{shipment.carrier}</dd>
          <dt>{words.trackingNumber}</dt>
          <dd>
            <Tracking>{shipment.trackingNumber}</Tracking>
            {shipment.trackingUrl && (
              <>
                <br />
                <ExternalLink href={shipment.trackingUrl}>{words.track}</ExternalLink>
              </>
            )}
          </dd>
          <dt>{words.shipped}</dt>
          <dd>
            <time dateTime={shipment.shippedAt}>{formatMoment(shipment.shippedAt)}</time>
          </dd>
          {shipment.deliveredAt && (
            <>
              <dt>{words.delivered}</dt>
              <dd>
                <time dateTime={shipment.deliveredAt}>{formatMoment(shipment.deliveredAt)}</time>
              </dd>
            </>
          )}
        </Facts>
      ) : (
        <p>{words.notYet}</p>
      )}
    </Panel>
  );
}
