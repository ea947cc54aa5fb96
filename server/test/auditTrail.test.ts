import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type { AuditEntry } from '../../contract/staff';
import { csvForm } from './csvForm';
import { makeProduct } from './fixtures';
import { bearer } from './identity';
import { withStaff } from './staffAccounts';

describe('the audit trail', () => {
  const staff = withStaff();
  const { people, call } = staff;
  const db = () => staff.t.db;

  /** The trail's rows for one object, oldest first. */
  async function trailOf(objectId: string): Promise<AuditEntry[]> {
    const res = await call(
      people.owner,
      'GET',
      `/api/audit?object=${encodeURIComponent(objectId)}`,
    );
    expect(res.statusCode).toBe(200);
    return (res.json() as AuditEntry[]).reverse();
  }

  const paidOrder = () => staff.paidOrder(2);

  it('keeps a price change, a stock move and a retirement: who, from where, the call, before and after', async () => {
    const product = await makeProduct(db(), { priceCents: 5000 });
    const edit = await call(people.catalogue, 'PATCH', `/api/product/${product.id}`, {
      version: 1,
      price: 55,
    });
    expect(edit.statusCode).toBe(200);
    await call(people.catalogue, 'POST', `/api/product/${product.id}/stock`, {
      delta: 5,
      reason: 'delivery',
    });
    await call(people.admin, 'POST', `/api/product/${product.id}/retire`, {});
    const trail = await trailOf(product.id);
    expect(trail).toMatchObject([
      {
        by: people.catalogue,
        address: '127.0.0.1',
        call: 'PATCH /api/product/:id',
        kind: 'price',
        objectType: 'product',
        before: { price: 50 },
        after: { price: 55 },
      },
      {
        kind: 'stock',
        before: { availablequantity: 100 },
        after: { availablequantity: 105 },
        details: { delta: 5, reason: 'delivery' },
      },
      { by: people.admin, kind: 'product', action: 'retire', after: { status: 'retired' } },
    ]);
  });

  it('keeps order statuses and refunds', async () => {
    const id = await paidOrder();
    const shipped = await call(people.orders, 'POST', `/api/order/${id}/ship`, {
      carrier: 'DHL',
      trackingNumber: 'JD014600006281',
    });
    expect(shipped.json()).toMatchObject({ status: 'shipped' });
    await call(people.admin, 'POST', `/api/order/${id}/refund`, { amount: 10, reason: 'Late' });
    const trail = await trailOf(id);
    expect(trail).toMatchObject([
      {
        by: people.orders,
        kind: 'order',
        action: 'ship',
        before: { status: 'paid' },
        after: { status: 'shipped' },
      },
      {
        by: people.admin,
        kind: 'refund',
        action: 'refund',
        details: { amountCents: 1000, reason: 'Late', refund: { amountCents: 1000 } },
      },
    ]);
  });

  it('keeps roles given, an import with its file name and counts, synonyms and the fitting week', async () => {
    const given = await call(people.owner, 'PUT', `/api/staff/${staff.bob}`, {
      roles: ['refunds', 'support'],
      refundLimit: 150,
    });
    expect(given.statusCode).toBe(200);
    expect((await trailOf(staff.bob)).at(-1)).toMatchObject({
      by: people.owner,
      kind: 'roles',
      before: { roles: [], refundLimitCents: 0 },
      after: { roles: ['refunds', 'support'], refundLimitCents: 15000 },
    });

    const sku = `AUD-${randomUUID().slice(0, 8)}`;
    const form = csvForm(
      `sku,name,description,price,orderquantity,availablequantity\n${sku},Audit tyre,For the trail,80,0,4\n`,
      { filename: 'spring-prices.csv' },
    );
    const imported = await staff.t.app.inject({
      method: 'POST',
      url: '/api/product/import',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(staff.tokens[people.catalogue]!) },
    });
    expect(imported.statusCode).toBe(200);
    expect((await trailOf('spring-prices.csv'))[0]).toMatchObject({
      kind: 'import',
      by: people.catalogue,
      details: { file: 'spring-prices.csv', added: 1, updated: 0, unchanged: 0 },
    });

    const synonyms = await call(people.catalogue, 'PUT', '/api/search/synonyms', {
      groups: [['tyre', 'tire']],
    });
    expect(synonyms.statusCode).toBe(200);
    const week = await call(people.fitting, 'PUT', '/api/fitting-schedule', {
      places: [0, 6, 6, 6, 6, 6, 2],
    });
    expect(week.statusCode).toBe(200);
    const kinds = await call(people.owner, 'GET', '/api/audit?kind=synonyms');
    expect(kinds.json()[0]).toMatchObject({ after: { groups: [['tyre', 'tire']] } });
    const fitting = await call(
      people.owner,
      'GET',
      `/api/audit?kind=fitting&person=${people.fitting}`,
    );
    expect(fitting.json()[0]).toMatchObject({ after: { places: [0, 6, 6, 6, 6, 6, 2] } });
  });

  it('a change refused or failed leaves no row', async () => {
    const product = await makeProduct(db(), { availableQuantity: 3 });
    const below = await call(people.catalogue, 'POST', `/api/product/${product.id}/stock`, {
      delta: -5,
      reason: 'broken',
    });
    expect(below.statusCode).toBe(409);
    const stale = await call(people.catalogue, 'PATCH', `/api/product/${product.id}`, {
      version: 7,
      price: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(await trailOf(product.id)).toEqual([]);

    // The commit itself fails after the audit row was written: neither the price nor the row stays.
    await db().execute(
      sql.raw(`
      create function fail_audit_commit() returns trigger language plpgsql as $$
      begin raise exception 'commit refused for the test'; end $$;
      create constraint trigger fail_audit_commit after insert on audit_events
        deferrable initially deferred for each row
        when (new.object_id = '${product.id}') execute function fail_audit_commit();`),
    );
    const failed = await call(people.catalogue, 'PATCH', `/api/product/${product.id}`, {
      version: 1,
      price: 12,
    });
    expect(failed.statusCode).toBe(500);
    await db().execute(sql.raw('drop trigger fail_audit_commit on audit_events'));
    expect(await trailOf(product.id)).toEqual([]);
    const now = await call(null, 'GET', `/api/productDetails/${product.id}`);
    expect(now.json().price).toBe(49.99);
  });

  it('is never changed or removed, even by the store’s own database user', async () => {
    const product = await makeProduct(db());
    await call(people.catalogue, 'POST', `/api/product/${product.id}/stock`, {
      delta: 1,
      reason: 'found one',
    });
    await expect(
      db().execute(
        sql`update audit_events set actor_email = 'someone@else' where object_id = ${product.id}`,
      ),
    ).rejects.toThrow();
    await expect(
      db().execute(sql`delete from audit_events where object_id = ${product.id}`),
    ).rejects.toThrow();
    await expect(db().execute(sql`truncate audit_events`)).rejects.toThrow();
    expect(await trailOf(product.id)).toHaveLength(1);
  });

  it('is filtered by person, kind and time, and exported as CSV', async () => {
    const product = await makeProduct(db());
    await call(people.catalogue, 'POST', `/api/product/${product.id}/stock`, {
      delta: 2,
      reason: '=HYPERLINK("x")',
    });
    const mine = await call(
      people.owner,
      'GET',
      `/api/audit?person=${people.catalogue}&kind=stock`,
    );
    expect(mine.statusCode).toBe(200);
    expect(mine.json().every((row: AuditEntry) => row.by === people.catalogue)).toBe(true);
    expect(Number(mine.headers['x-total-count'])).toBeGreaterThan(0);
    const future = await call(people.owner, 'GET', '/api/audit?from=2999-01-01T00:00:00Z');
    expect(future.json()).toEqual([]);

    const csv = await call(people.owner, 'GET', `/api/audit.csv?object=${product.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = parse(csv.body, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ by: people.catalogue, kind: 'stock', object: product.id });
    // A cell a spreadsheet would run as a formula is written as text.
    expect(rows[0]!.details).toContain('=HYPERLINK');
    expect(rows[0]!.details.startsWith('=')).toBe(false);
  });

  it('the owner lists the staff’s sessions and ends one: its tokens stop at once', async () => {
    const sessions = await call(people.owner, 'GET', '/api/staff/sessions');
    expect(sessions.statusCode).toBe(200);
    const support = sessions.json().find((row: { email: string }) => row.email === people.support);
    expect(support).toBeDefined();
    expect(sessions.json().some((row: { email: string }) => row.email === staff.alice)).toBe(false);
    const ended = await call(people.owner, 'DELETE', `/api/staff/sessions/${support._id}`);
    expect(ended.statusCode).toBe(204);
    expect((await call(people.support, 'GET', '/api/staff/me')).statusCode).toBe(401);
    expect((await trailOf(support._id))[0]).toMatchObject({ kind: 'session', action: 'end' });
    expect((await call(people.admin, 'GET', '/api/staff/sessions')).statusCode).toBe(403);
  });
});
