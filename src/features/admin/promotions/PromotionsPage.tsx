import { useFormik } from 'formik';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import {
  PROMOTION_AUDIENCES,
  PROMOTION_KINDS,
  PROMOTION_TARGETS,
  type Promotion,
  type PromotionAudience,
  type PromotionBody,
  type PromotionKind,
  type PromotionTarget,
} from '@contract/promotions';
import { formatMoney } from '@contract/money';
import { Button } from '../../../ui/Button';
import { SelectField, TextField } from '../../../ui/Field';
import { FieldRow, FormActions, FormPanel } from '../../../ui/Form';
import { PageHeading, PageIntro } from '../../../ui/Page';
import { QueryState } from '../../../shared/QueryState';
import { Table, TableHeader } from '../../../ui/Table';
import { usePageTitle } from '../../../ui/usePageTitle';
import { CsvExportButton } from '../csv/CsvExportButton';
import { promotionsCopy as words } from './promotionsCopy';
import {
  useCreatePromotionMutation,
  useEndPromotionMutation,
  useGetPromotionsQuery,
} from './promotionsApi';

interface Values {
  name: string;
  badge: string;
  kind: PromotionKind;
  percent: string;
  amount: string;
  buy: string;
  pay: string;
  setPrice: string;
  target: PromotionTarget;
  targetValues: string;
  market: string;
  minimum: string;
  starts: string;
  ends: string;
  audience: PromotionAudience;
  maxUses: string;
  perCustomer: string;
  priority: string;
  exclusive: boolean;
  code: string;
}

const initialValues: Values = {
  name: '',
  badge: '',
  kind: 'percentOff',
  percent: '',
  amount: '',
  buy: '',
  pay: '',
  setPrice: '',
  target: 'all',
  targetValues: '',
  market: '',
  minimum: '',
  starts: new Date().toISOString().slice(0, 10) + 'T00:00',
  ends: '',
  audience: 'everyone',
  maxUses: '',
  perCustomer: '',
  priority: '0',
  exclusive: false,
  code: '',
};

const minor = (major: string) => Math.round(Number(major) * 100);
const whole = (text: string) => Number.parseInt(text, 10);

/** The form as the API takes it: the empty fields left out, money in minor units. */
function bodyOf(v: Values): PromotionBody {
  const body: PromotionBody = {
    name: v.name.trim(),
    kind: v.kind,
    target: v.target,
    starts: v.starts,
    audience: v.audience,
    priority: whole(v.priority) || 0,
    exclusive: v.exclusive,
  };
  if (v.badge.trim()) body.badge = v.badge.trim();
  if (v.percent) body.percent = Number(v.percent);
  if (v.amount) body.amountMinor = minor(v.amount);
  if (v.buy) body.buy = whole(v.buy);
  if (v.pay) body.pay = whole(v.pay);
  if (v.setPrice) body.setPriceMinor = minor(v.setPrice);
  if (v.target !== 'all') {
    body.targetValues = v.targetValues
      .split(',')
      .map((value) => value.trim())
      .filter(Boolean);
  }
  if (v.market) body.market = v.market;
  if (v.minimum) body.minimumMinor = minor(v.minimum);
  if (v.ends) body.ends = v.ends;
  if (v.maxUses) body.maxUses = whole(v.maxUses);
  if (v.perCustomer) body.perCustomer = whole(v.perCustomer);
  if (v.code.trim()) body.code = v.code.trim();
  return body;
}

const LOCALES: Record<string, string> = { USD: 'en-US', EUR: 'de-DE', GBP: 'en-GB' };
const money = (amount: number, currency: string) =>
  formatMoney(amount, currency, LOCALES[currency] ?? 'en-US');

/** A row's buttons, one above the other, so the table fits beside the dashboard's menu. */
const Actions = styled.div`
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: ${({ theme }) => theme.space.xs};
  button {
    white-space: nowrap;
  }
`;

/** Long codes break rather than widen the table. */
const Named = styled.th`
  overflow-wrap: anywhere;
  min-width: 10rem;
`;

function PromotionRow({ promotion, onEnd }: { promotion: Promotion; onEnd: () => void }) {
  const [name, when, state, uses, revenue, discount, actions] = words.columns;
  const totals = promotion.totals;
  return (
    <tr role="row">
      <Named role="rowheader" scope="row" data-label={name}>
        {promotion.name}
        <br />
        <small>
          {promotion.badge} · {promotion.code ?? words.automatic}
        </small>
      </Named>
      <td role="cell" data-label={when}>
        {promotion.starts.replace('T', ' ')} – {promotion.ends?.replace('T', ' ') ?? '…'}
        <br />
        <small>{promotion.timeZone}</small>
      </td>
      <td role="cell" data-label={state}>
        {promotion.state}
        {promotion.held > 0 && (
          <>
            <br />
            <small>{words.held(promotion.held)}</small>
          </>
        )}
      </td>
      <td role="cell" data-label={uses}>
        {totals.reduce((sum, total) => sum + total.uses, 0)}
        {promotion.maxUses !== null && ` / ${promotion.maxUses}`}
      </td>
      <td role="cell" data-label={revenue}>
        {totals.map((t) => money(t.revenueMinor, t.currency)).join(', ') || '—'}
      </td>
      <td role="cell" data-label={discount}>
        {totals.map((t) => money(t.discountMinor, t.currency)).join(', ') || '—'}
      </td>
      <td role="cell" data-label={actions}>
        <Actions>
          {promotion.state !== 'ended' && (
            <Button $size="sm" $variant="danger" onClick={onEnd}>
              {words.endNow}
            </Button>
          )}
          <CsvExportButton
            size="sm"
            export={{
              path: `/promotions/${promotion._id}/uses.csv`,
              fileName: `promotion-uses.csv`,
              what: 'uses',
            }}
            label={words.exportUses}
            busyLabel={words.exporting}
            saved={(file) => `Saved ${file}.`}
          />
        </Actions>
      </td>
    </tr>
  );
}

/** `/dashboard/promotions` (admins): create a promotion, end one at once, see what each gave. */
export function PromotionsPage() {
  usePageTitle(words.title);
  const list = useGetPromotionsQuery();
  const [create, creating] = useCreatePromotionMutation();
  const [end] = useEndPromotionMutation();
  const form = useFormik<Values>({
    initialValues,
    onSubmit: async (values, helpers) => {
      try {
        const created = await create(bodyOf(values)).unwrap();
        toast.success(words.created(created.name));
        helpers.resetForm();
        void list.refetch();
      } catch (error) {
        const message = (error as { data?: { message?: string } }).data?.message;
        toast.error(message ?? String(error));
      }
    },
  });
  const field = (name: keyof Values) => form.getFieldProps(name);
  const kind = form.values.kind;
  const endNow = async (promotion: Promotion) => {
    await end(promotion._id).unwrap();
    toast.success(words.ended(promotion.name));
    void list.refetch();
  };
  return (
    <>
      <PageHeading>{words.title}</PageHeading>
      <PageIntro>{words.intro}</PageIntro>
      <FormPanel onSubmit={form.handleSubmit} noValidate aria-label={words.create}>
        <FieldRow $columns={3}>
          <TextField label={words.fields.name} required {...field('name')} />
          <SelectField label={words.fields.kind} {...field('kind')}>
            {PROMOTION_KINDS.map((each) => (
              <option key={each} value={each}>
                {words.kinds[each]}
              </option>
            ))}
          </SelectField>
          <TextField label={words.fields.badge} {...field('badge')} />
          {kind === 'percentOff' && (
            <TextField label={words.fields.percent} inputMode="decimal" {...field('percent')} />
          )}
          {kind === 'amountOff' && (
            <TextField label={words.fields.amount} inputMode="decimal" {...field('amount')} />
          )}
          {(kind === 'buyNPayM' || kind === 'setPrice') && (
            <TextField label={words.fields.buy} inputMode="numeric" {...field('buy')} />
          )}
          {kind === 'buyNPayM' && (
            <TextField label={words.fields.pay} inputMode="numeric" {...field('pay')} />
          )}
          {kind === 'setPrice' && (
            <TextField label={words.fields.setPrice} inputMode="decimal" {...field('setPrice')} />
          )}
          <SelectField label={words.fields.target} {...field('target')}>
            {PROMOTION_TARGETS.map((each) => (
              <option key={each} value={each}>
                {words.targets[each]}
              </option>
            ))}
          </SelectField>
          {form.values.target !== 'all' && (
            <TextField label={words.fields.targetValues} {...field('targetValues')} />
          )}
          <SelectField label={words.fields.market} {...field('market')}>
            <option value="">{words.anyMarket}</option>
            {['US', 'DE', 'GB'].map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </SelectField>
          <TextField label={words.fields.minimum} inputMode="decimal" {...field('minimum')} />
        </FieldRow>
        {/* Two a row: a date and time field is wider than a third of the form. */}
        <FieldRow>
          <TextField label={words.fields.starts} type="datetime-local" {...field('starts')} />
          <TextField label={words.fields.ends} type="datetime-local" {...field('ends')} />
        </FieldRow>
        <FieldRow $columns={3}>
          <SelectField label={words.fields.audience} {...field('audience')}>
            {PROMOTION_AUDIENCES.map((each) => (
              <option key={each} value={each}>
                {words.audiences[each]}
              </option>
            ))}
          </SelectField>
          <TextField label={words.fields.maxUses} inputMode="numeric" {...field('maxUses')} />
          <TextField
            label={words.fields.perCustomer}
            inputMode="numeric"
            {...field('perCustomer')}
          />
          <TextField label={words.fields.priority} inputMode="numeric" {...field('priority')} />
          <TextField label={words.fields.code} {...field('code')} />
          <label>
            <input
              type="checkbox"
              name="exclusive"
              checked={form.values.exclusive}
              onChange={form.handleChange}
            />{' '}
            {words.fields.exclusive}
          </label>
        </FieldRow>
        <FormActions>
          <Button type="submit" disabled={creating.isLoading}>
            {creating.isLoading ? words.creating : words.create}
          </Button>
        </FormActions>
      </FormPanel>
      <QueryState query={list} loadingLabel={words.loading} errorMessage={words.loadFailed}>
        {(promotions) =>
          promotions.length === 0 ? (
            <p>{words.none}</p>
          ) : (
            <Table caption={words.title} hideCaption stackOnPhones>
              <TableHeader columns={[...words.columns]} />
              <tbody role="rowgroup">
                {promotions.map((promotion) => (
                  <PromotionRow
                    key={promotion._id}
                    promotion={promotion}
                    onEnd={() => void endNow(promotion)}
                  />
                ))}
              </tbody>
            </Table>
          )
        }
      </QueryState>
    </>
  );
}
