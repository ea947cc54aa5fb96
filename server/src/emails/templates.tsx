/** @jsxRuntime automatic */
/** @jsxImportSource react */
import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from '@react-email/components';
import { render, toPlainText } from '@react-email/render';
import type { ReactNode } from 'react';
import { brand, countOf, emailCopy, money, type EmailLine } from './emailCopy';
import type { EmailData, EmailDiscount } from './emailTable';
import { unlinked } from './shopperText';
import { whenText } from '../appointments/appointmentEmail';

/**
 * The store's emails as React components (react-email: tables and inline styles that common
 * clients render), each turned into an HTML part and a plain-text part by `renderEmail`.
 */

const c = brand.colors;
const text = { color: c.ink, fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' };
const muted = { ...text, color: c.muted, fontSize: '13px' };

function Layout(props: { preview: string; heading: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: c.background, fontFamily: brand.fonts, margin: 0 }}>
        <Container style={{ maxWidth: '600px', margin: '0 auto', padding: '24px 0' }}>
          <Section style={{ backgroundColor: c.steel, padding: '16px 24px' }}>
            <Text style={{ color: c.onDark, fontSize: '18px', fontWeight: 700, margin: 0 }}>
              {brand.name}
            </Text>
          </Section>
          <Section
            style={{
              backgroundColor: c.surface,
              padding: '24px',
              borderTop: `4px solid ${c.accent}`,
            }}
          >
            <Heading as="h1" style={{ color: c.ink, fontSize: '22px', margin: '0 0 16px' }}>
              {props.heading}
            </Heading>
            {props.children}
          </Section>
          <Text style={{ ...muted, padding: '12px 24px' }}>{emailCopy.footer(brand.name)}</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The lines of an email in the order's currency, with what its checkout charged besides. */
const linesOf = (data: EmailData) => ({
  lines: data.lines,
  totalCents: data.totalCents,
  currency: data.currency,
  chargesCents: data.chargesCents,
  discounts: data.discounts,
});

function Lines(props: {
  lines: EmailLine[];
  totalCents?: number;
  currency?: string;
  chargesCents?: number;
  discounts?: EmailDiscount[];
}) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      {props.lines.map((line) => (
        <Row key={line.orderId} style={{ borderBottom: `1px solid ${c.line}` }}>
          <Column style={{ ...text, padding: '8px 0' }}>
            {line.quantity} × {line.name}
          </Column>
          <Column style={{ ...text, padding: '8px 0', textAlign: 'right' }}>
            {money(line.unitCents * line.quantity, props.currency)}
          </Column>
        </Row>
      ))}
      {(props.discounts ?? []).map((discount) => (
        <Row key={discount.label} style={{ borderBottom: `1px solid ${c.line}` }}>
          <Column style={{ ...text, padding: '8px 0' }}>{discount.label}</Column>
          <Column style={{ ...text, padding: '8px 0', textAlign: 'right' }}>
            −{money(discount.cents, props.currency)}
          </Column>
        </Row>
      ))}
      {props.chargesCents ? (
        <Row style={{ borderBottom: `1px solid ${c.line}` }}>
          <Column style={{ ...text, padding: '8px 0' }}>{emailCopy.charges}</Column>
          <Column style={{ ...text, padding: '8px 0', textAlign: 'right' }}>
            {money(props.chargesCents, props.currency)}
          </Column>
        </Row>
      ) : null}
      {props.totalCents === undefined ? null : (
        <Row>
          <Column style={{ ...text, padding: '8px 0', fontWeight: 700 }}>
            {emailCopy.lineTotal}
          </Column>
          <Column style={{ ...text, padding: '8px 0', fontWeight: 700, textAlign: 'right' }}>
            {money(props.totalCents, props.currency)}
          </Column>
        </Row>
      )}
    </Section>
  );
}

function Action(props: { href: string; children: string }) {
  return (
    <Button
      href={props.href}
      style={{
        backgroundColor: c.accent,
        color: c.onAccent,
        fontWeight: 700,
        padding: '12px 20px',
        borderRadius: '6px',
        textDecoration: 'none',
      }}
    >
      {props.children}
    </Button>
  );
}

/**
 * Words the store did not write (what a shopper typed): set apart under a label, in quotes, with
 * nothing in them a mail client would make a link of.
 */
function Quoted(props: { label: string; words: string }) {
  return (
    <Section
      style={{ borderLeft: `3px solid ${c.line}`, padding: '0 0 0 12px', margin: '0 0 12px' }}
    >
      <Text style={{ ...muted, margin: '0 0 4px' }}>{props.label}</Text>
      <Text
        style={{ ...text, margin: 0, fontStyle: 'italic' }}
      >{`“${unlinked(props.words)}”`}</Text>
    </Section>
  );
}

function Reason({ data }: { data: EmailData }) {
  if (!data.note) return null;
  const label = data.noteBy === 'shopper' ? emailCopy.reasonByShopper : emailCopy.reasonByStore;
  return <Quoted label={label} words={data.note} />;
}

function Destination({ data }: { data: EmailData }) {
  const { appointment } = data;
  if (appointment) {
    return (
      <>
        <Text style={text}>
          {emailCopy.fittingAt(appointment.centreName, whenText(appointment))}
        </Text>
        <Text style={text}>{appointment.address}</Text>
        <Text style={text}>{emailCopy.calendarNote}</Text>
        <Quoted label={emailCopy.nameOnOrder} words={data.buyerName} />
      </>
    );
  }
  return data.fittingDate ? (
    <>
      <Text style={text}>{emailCopy.fittingOn(data.fittingDate)}</Text>
      <Quoted label={emailCopy.nameOnOrder} words={data.buyerName} />
    </>
  ) : (
    <>
      <Text style={text}>{emailCopy.deliverTo}:</Text>
      <Quoted label={emailCopy.typedAtCheckout} words={`${data.buyerName}, ${data.address}`} />
    </>
  );
}

/** Under a guest's link: the order's number (for Find my order) and what the link is. */
function GuestNote({ data }: { data: EmailData }) {
  if (!data.guest) return null;
  return (
    <>
      <Text style={text}>{emailCopy.guest.orderNumber(data.guest.orderNumber)}</Text>
      <Text style={muted}>{emailCopy.guest.keep}</Text>
    </>
  );
}

const orderPage = (publicUrl: string, orderId: string) =>
  `${publicUrl}/dashboard/myorder/${encodeURIComponent(orderId)}`;

/** The admins' page of an order, with its actions (Refund among them). */
const adminOrderPage = (publicUrl: string, orderId: string) =>
  `${publicUrl}/dashboard/allOrders/${encodeURIComponent(orderId)}`;

interface Rendered {
  subject: string;
  element: ReactNode;
}

/** The subject and the body of an email from what its row recorded. */
function compose(kind: string, data: EmailData, publicUrl: string): Rendered {
  const count = countOf(data.lines);
  // A guest's order opens from its own link; an account's from My Orders.
  const link = data.guest
    ? `${publicUrl}${data.guest.link}`
    : orderPage(publicUrl, data.lines[0]?.orderId ?? '');
  switch (kind) {
    case 'order_confirmation': {
      const copy = emailCopy.confirmation;
      return {
        subject: copy.subject(count),
        element: (
          <Layout preview={copy.subject(count)} heading={copy.heading}>
            <Text style={text}>{copy.intro}</Text>
            <Lines {...linesOf(data)} />
            <Destination data={data} />
            <Action href={link}>{emailCopy.orderLink}</Action>
            {data.receipt ? (
              <Text style={text}>
                <Link href={`${publicUrl}${data.receipt}`}>{emailCopy.receiptLink}</Link>
              </Text>
            ) : null}
            <GuestNote data={data} />
          </Layout>
        ),
      };
    }
    case 'order_shipped': {
      const copy = emailCopy.shipped;
      const shipment = data.shipment;
      return {
        subject: copy.subject(count),
        element: (
          <Layout preview={copy.subject(count)} heading={copy.heading}>
            <Lines lines={data.lines} currency={data.currency} />
            {shipment ? (
              <Text style={text}>{copy.carrier(shipment.carrier, shipment.trackingNumber)}</Text>
            ) : null}
            {shipment?.trackingUrl ? (
              <Text style={text}>
                <Link href={shipment.trackingUrl} style={{ color: c.accentText }}>
                  {copy.track}
                </Link>
              </Text>
            ) : null}
            <Destination data={data} />
            <Action href={link}>{emailCopy.orderLink}</Action>
            <GuestNote data={data} />
          </Layout>
        ),
      };
    }
    case 'order_delivered': {
      const copy = emailCopy.delivered;
      return {
        subject: copy.subject(count),
        element: (
          <Layout preview={copy.subject(count)} heading={copy.heading}>
            <Text style={text}>{copy.intro}</Text>
            <Lines lines={data.lines} currency={data.currency} />
            <Action href={link}>{emailCopy.orderLink}</Action>
            <GuestNote data={data} />
          </Layout>
        ),
      };
    }
    case 'order_cancelled': {
      const copy = emailCopy.cancelled;
      return {
        subject: copy.subject(count),
        element: (
          <Layout preview={copy.subject(count)} heading={copy.heading}>
            <Lines {...linesOf(data)} />
            <Text style={text}>
              {data.amountCents ? copy.refund(data.amountCents, data.currency) : copy.noRefund}
            </Text>
            <Reason data={data} />
            <Action href={link}>{emailCopy.orderLink}</Action>
            <GuestNote data={data} />
          </Layout>
        ),
      };
    }
    case 'refund_issued': {
      const copy = emailCopy.refunded;
      const amount = data.amountCents ?? 0;
      return {
        subject: copy.subject(amount, data.currency),
        element: (
          <Layout preview={copy.subject(amount, data.currency)} heading={copy.heading}>
            <Text style={text}>{copy.intro(amount, data.currency)}</Text>
            <Lines {...linesOf(data)} />
            <Reason data={data} />
            <Action href={link}>{emailCopy.orderLink}</Action>
            <GuestNote data={data} />
          </Layout>
        ),
      };
    }
    case 'return_received': {
      const copy = emailCopy.returnReceived;
      return {
        subject: copy.subject(count),
        element: (
          <Layout preview={copy.subject(count)} heading={copy.heading}>
            <Lines lines={data.lines} currency={data.currency} />
            <Text style={text}>
              {data.amountCents ? copy.refund(data.amountCents, data.currency) : copy.noRefund}
            </Text>
            <Action href={link}>{emailCopy.orderLink}</Action>
            <GuestNote data={data} />
          </Layout>
        ),
      };
    }
    case 'guest_order_link': {
      const copy = emailCopy.guest.link;
      return {
        subject: copy.subject,
        element: (
          <Layout preview={copy.subject} heading={copy.heading}>
            <Text style={text}>{copy.intro}</Text>
            <Lines {...linesOf(data)} />
            <Destination data={data} />
            <Action href={link}>{emailCopy.orderLink}</Action>
            <GuestNote data={data} />
          </Layout>
        ),
      };
    }
    case 'admin_refund_failed': {
      const copy = emailCopy.adminRefundFailed;
      const amount = data.amountCents ?? 0;
      const orderId = data.lines[0]?.orderId ?? '';
      return {
        subject: copy.subject(amount, count, data.currency),
        element: (
          <Layout preview={copy.subject(amount, count, data.currency)} heading={copy.heading}>
            <Text style={text}>{copy.intro(amount, data.currency)}</Text>
            {data.note ? <Text style={text}>{copy.why(data.note)}</Text> : null}
            <Text style={text}>{copy.buyer(data.buyerEmail)}</Text>
            <Quoted label={emailCopy.nameOnOrder} words={data.buyerName} />
            <Lines {...linesOf(data)} />
            <Text style={text}>{copy.next}</Text>
            <Action href={adminOrderPage(publicUrl, orderId)}>{copy.open}</Action>
          </Layout>
        ),
      };
    }
    case 'fitting_reminder': {
      const copy = emailCopy.fittingReminder;
      const centre = data.appointment?.centreName ?? '';
      return {
        subject: copy.subject(centre),
        element: (
          <Layout preview={copy.subject(centre)} heading={copy.heading}>
            <Text style={text}>{copy.intro}</Text>
            <Destination data={data} />
            <Lines lines={data.lines} currency={data.currency} />
            <Text style={text}>{copy.change}</Text>
            <Action href={link}>{emailCopy.orderLink}</Action>
          </Layout>
        ),
      };
    }
    case 'admin_to_ship': {
      const copy = emailCopy.adminToShip;
      return {
        subject: copy.subject(count, data.totalCents, data.currency),
        element: (
          <Layout
            preview={copy.subject(count, data.totalCents, data.currency)}
            heading={copy.heading}
          >
            <Text style={text}>{copy.buyer(data.buyerEmail)}</Text>
            <Lines {...linesOf(data)} />
            <Destination data={data} />
            <Hr style={{ borderColor: c.line }} />
            {data.lines.map((line) => (
              <Text key={line.orderId} style={text}>
                <Link href={orderPage(publicUrl, line.orderId)} style={{ color: c.accentText }}>
                  {copy.open}: {line.name}
                </Link>
              </Text>
            ))}
          </Layout>
        ),
      };
    }
    default:
      throw new Error(`no template for emails of kind ${kind}`);
  }
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** An email's subject, HTML part and plain-text part. */
export async function renderEmail(
  kind: string,
  data: EmailData,
  publicUrl: string,
): Promise<RenderedEmail> {
  const { subject, element } = compose(kind, data, publicUrl);
  const html = await render(element);
  return { subject, html, text: toPlainText(html) };
}
