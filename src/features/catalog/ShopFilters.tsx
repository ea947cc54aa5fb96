import { useId, useState } from 'react';
import styled from 'styled-components';
import { shopCopy } from './shopCopy';
import { euLabelCopy } from '@contract/euLabelCopy';
import { oeMarkName } from '@contract/carFitment';
import { markCopy } from '@contract/tyreMarks';
import type { ProductFacets } from '@contract/products';
import { Button, ButtonLink } from '../../ui/Button';
import { media } from '../../ui/theme';
import { carParams } from '../../shared/vehicles/myCar';
import { Input, Select } from '../../ui/Field';
import { CATEGORY_LABELS, SEASON_LABELS } from '../../ui/catalogLabels';
import { count } from './shopLabels';
import { isFiltered, type ShopSearch } from './shopSearch';
import type { PriceFilterWords } from './priceFilterWords';
import type { ApplyOptions, ClearAllLink } from './useShopSearch';

const Panel = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

const Group = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space.sm};
  font-weight: 700;
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 32px;
  cursor: pointer;
  input {
    width: 1.15rem;
    height: 1.15rem;
    accent-color: ${({ theme }) => theme.colors.accentStrong};
  }
  &[data-empty='true'] {
    color: ${({ theme }) => theme.colors.muted};
  }
`;

const Count = styled.span`
  margin-left: auto;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-variant-numeric: tabular-nums;
`;

const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const PriceRow = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.sm};
`;

const Small = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  label {
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

/** A size part: its label beside its select, so the select has room for "205 (1,234)". */
const Inline = styled(Small)`
  grid-template-columns: 4rem minmax(0, 1fr);
  align-items: center;
`;

/** The parts of a tyre size, each a select of its own. */
const SIZE_PARTS = [
  { facet: 'width', label: 'Width', show: String },
  { facet: 'aspect', label: 'Aspect', show: String },
  { facet: 'rim', label: 'Rim', show: (rim: number) => `R${rim}` },
] as const;

type Change = (change: Partial<ShopSearch>, options?: ApplyOptions) => void;

/** A checkbox per value of a facet, each with the count the pick would show. */
function CheckGroup<V extends string>({
  legend,
  name,
  values,
  labels,
  picked,
  onChange,
}: {
  legend: string;
  /** The URL parameter it sets (the form's field, sent as is without the script). */
  name: string;
  values: ReadonlyArray<{ value: V; count: number }>;
  labels: Record<V, string>;
  picked: readonly V[];
  onChange: (picked: V[]) => void;
}) {
  return (
    <Group>
      <Legend>{legend}</Legend>
      {values.map(({ value, count: n }) => {
        const on = picked.includes(value);
        return (
          <Check key={value} data-empty={n === 0 && !on}>
            <input
              type="checkbox"
              name={name}
              value={value}
              checked={on}
              onChange={() => onChange(on ? picked.filter((v) => v !== value) : [...picked, value])}
            />
            {labels[value]}
            <Count aria-label={`${count(n)} ${n === 1 ? 'product' : 'products'}`}>{count(n)}</Count>
          </Check>
        );
      })}
    </Group>
  );
}

/** One part of a tyre size: a select of the values that exist, each with its count. */
function SizeSelect({
  name,
  label,
  any,
  values,
  picked,
  show,
  onChange,
}: {
  name: string;
  label: string;
  any: string;
  values: ReadonlyArray<{ value: number; count: number }>;
  picked: readonly number[];
  show: (value: number) => string;
  onChange: (picked: number[]) => void;
}) {
  const id = useId();
  return (
    <Inline>
      <label htmlFor={id}>{label}</label>
      <Select
        id={id}
        name={name}
        value={picked[0] === undefined ? '' : String(picked[0])}
        onChange={(event) => onChange(event.target.value ? [Number(event.target.value)] : [])}
      >
        <option value="">{any}</option>
        {values.map(({ value, count: n }) => (
          <option key={value} value={String(value)}>
            {show(value)} ({count(n)})
          </option>
        ))}
      </Select>
    </Inline>
  );
}

const labelWords = euLabelCopy.filters;

/**
 * A filter of the EU tyre label: one select, "Any" or a value with the count of tyres it would
 * show ("B or better (12)"); the label's filters keep "this or better", so one pick says it all.
 */
function LabelSelect<V extends string | number>({
  name,
  label,
  values,
  picked,
  show,
  onChange,
}: {
  name: string;
  label: string;
  values: ReadonlyArray<{ value: V; count: number }>;
  picked: V | null;
  show: (value: V, index: number) => string;
  onChange: (picked: V | null) => void;
}) {
  const id = useId();
  return (
    <Small>
      <label htmlFor={id}>{label}</label>
      <Select
        id={id}
        name={name}
        value={picked === null ? '' : String(picked)}
        onChange={(event) => {
          const chosen = values.find(({ value }) => String(value) === event.target.value);
          onChange(chosen ? chosen.value : null);
        }}
      >
        <option value="">{labelWords.any}</option>
        {values.map(({ value, count: n }, index) => (
          <option key={value} value={String(value)}>
            {show(value, index)} ({count(n)})
          </option>
        ))}
      </Select>
    </Small>
  );
}

/** The label's filters: fuel and wet-grip class, the most noise, the snow symbol. */
function LabelFilters({
  search,
  facets,
  onChange,
}: {
  search: ShopSearch;
  facets: ProductFacets | undefined;
  onChange: Change;
}) {
  const snowId = useId();
  const classOrBetter = (value: string, index: number) =>
    labelWords.classOrBetter(value, index === 0);
  const snow = facets?.snow ?? 0;
  return (
    <Group>
      <Legend>{euLabelCopy.legend}</Legend>
      <Row>
        <LabelSelect
          name="fuel"
          label={labelWords.fuel}
          values={facets?.fuel ?? []}
          picked={search.fuel}
          show={classOrBetter}
          onChange={(fuel) => onChange({ fuel })}
        />
        <LabelSelect
          name="wetGrip"
          label={labelWords.wetGrip}
          values={facets?.wetGrip ?? []}
          picked={search.wetGrip}
          show={classOrBetter}
          onChange={(wetGrip) => onChange({ wetGrip })}
        />
        <LabelSelect
          name="maxNoise"
          label={labelWords.maxNoise}
          values={facets?.maxNoise ?? []}
          picked={search.maxNoise}
          show={labelWords.noiseAtMost}
          onChange={(maxNoise) => onChange({ maxNoise })}
        />
        <Check htmlFor={snowId} data-empty={snow === 0 && !search.snow}>
          <input
            id={snowId}
            type="checkbox"
            name="snow"
            value="true"
            checked={search.snow}
            onChange={() => onChange({ snow: !search.snow })}
          />
          {labelWords.snow}
          <Count aria-label={`${count(snow)} ${snow === 1 ? 'product' : 'products'}`}>
            {count(snow)}
          </Count>
        </Check>
      </Row>
    </Group>
  );
}

/** The sidewall's marks: OE approvals by mark, run-flat, XL, M+S (3PMSF is the label's). */
function MarkFilters({
  search,
  facets,
  onChange,
}: {
  search: ShopSearch;
  facets: ProductFacets | undefined;
  onChange: Change;
}) {
  const marks = facets?.oeMark ?? [];
  const flags = [
    { name: 'runFlat', label: markCopy.runFlat },
    { name: 'reinforced', label: markCopy.reinforced },
    { name: 'mudSnow', label: markCopy.mudSnow },
  ] as const;
  return (
    <>
      {marks.length > 0 && (
        <CheckGroup
          name="oeMark"
          legend={markCopy.oeMark}
          values={marks}
          labels={Object.fromEntries(marks.map(({ value }) => [value, oeMarkName(value)]))}
          picked={search.oeMark}
          onChange={(oeMark) => onChange({ oeMark })}
        />
      )}
      <Group>
        <Legend>{markCopy.legend}</Legend>
        {flags.map(({ name, label }) => {
          const n = facets?.[name] ?? 0;
          return (
            <Check key={name} data-empty={n === 0 && !search[name]}>
              <input
                type="checkbox"
                name={name}
                value="true"
                checked={search[name]}
                onChange={() => onChange({ [name]: !search[name] })}
              />
              {label}
              <Count aria-label={`${count(n)} ${n === 1 ? 'product' : 'products'}`}>
                {count(n)}
              </Count>
            </Check>
          );
        })}
      </Group>
    </>
  );
}

/** One end of the price range, in the market's major units (dollars, euros). */
function PriceField({
  name,
  label,
  value,
  placeholder,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <Small>
      <label htmlFor={id}>{label}</label>
      <Input
        id={id}
        name={name}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    </Small>
  );
}

const dollarsOrNull = (text: string) => {
  const value = Number(text);
  return text.trim() === '' || !Number.isFinite(value) || value < 0 ? null : value;
};

/**
 * Lowest and highest price, applied on Enter or on leaving both fields. Keyed by the range in
 * the URL, so Back or Clear all show what the URL says.
 */
function PriceRange({
  min,
  max,
  range,
  onChange,
  legend,
}: {
  min: number | null;
  max: number | null;
  /** "Price ($)", or in the shopper's market "Price (€, incl. VAT)". */
  legend: string;
  range: ProductFacets['price'] | undefined;
  onChange: (min: number | null, max: number | null) => void;
}) {
  const [low, setLow] = useState(min === null ? '' : String(min));
  const [high, setHigh] = useState(max === null ? '' : String(max));
  const apply = () => {
    let from = dollarsOrNull(low);
    let to = dollarsOrNull(high);
    if (from !== null && to !== null && from > to) [from, to] = [to, from];
    if (from !== min || to !== max) onChange(from, to);
  };
  return (
    <Group>
      <Legend>{legend}</Legend>
      <PriceRow
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply();
        }}
        onBlur={(event) => {
          // From one field to the other is not leaving the range.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) apply();
        }}
      >
        <PriceField
          name="minPrice"
          label="Lowest"
          value={low}
          placeholder={range ? String(Math.floor(range.min)) : '0'}
          onChange={setLow}
        />
        <PriceField
          name="maxPrice"
          label="Highest"
          value={high}
          placeholder={range ? String(Math.ceil(range.max)) : 'Any'}
          onChange={setHigh}
        />
      </PriceRow>
    </Group>
  );
}

/** Only without the script, and on a desktop (a phone has the panel's own Show button). */
const ApplyWithoutScript = styled(Button)`
  display: none;
  ${media.desktop} {
    display: inline-flex;
  }
`;

/**
 * The search's fields that are not filters of this panel, kept by the form when it is sent
 * without the script: the words searched for and the car.
 */
function KeptFields({ search, market }: { search: ShopSearch; market: string | null }) {
  const kept = carParams(search.vehicle ? { vehicle: search.vehicle, year: search.year } : null);
  if (market) kept.set('market', market);
  if (search.q.trim()) kept.set('q', search.q);
  if (search.vehicle && search.alternatives) kept.set('alternatives', 'true');
  return (
    <>
      {[...kept].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/**
 * The shop's filters: category, season, tyre size, the EU tyre label, price and stock, each value with the count
 * of products a pick would show (the counts of one filter leave that filter out).
 *
 * They are a GET form of the shop's own URL parameters (`id`: the sort select outside it joins
 * it by its `form` attribute), so before the script arrives, or without it, they are applied by
 * sending it (ApplyWithoutScript, or the phone's Show button): the server renders `/shop?…`.
 * With the script each change applies at once and the form is never sent.
 */
export function ShopFilters({
  id,
  search,
  facets,
  onChange,
  clearAll,
  priceWords,
}: {
  id: string;
  search: ShopSearch;
  facets: ProductFacets | undefined;
  onChange: Change;
  clearAll: ClearAllLink;
  /** The price range's words in the shopper's market (its shelf prices). */
  priceWords: PriceFilterWords;
}) {
  const stockId = useId();
  return (
    <Panel id={id} method="get" action="/shop" onSubmit={(event) => event.preventDefault()}>
      <KeptFields search={search} market={priceWords.market} />
      <CheckGroup
        name="category"
        legend="Category"
        values={facets?.category ?? []}
        labels={CATEGORY_LABELS}
        picked={search.category}
        onChange={(category) => onChange({ category })}
      />
      <Group>
        <Legend>Tyre size</Legend>
        <Row>
          {SIZE_PARTS.map(({ facet, label, show }) => (
            <SizeSelect
              key={facet}
              name={facet}
              label={label}
              any="Any"
              values={facets?.[facet] ?? []}
              picked={search[facet]}
              show={show}
              onChange={(picked) => onChange({ [facet]: picked })}
            />
          ))}
        </Row>
      </Group>
      <CheckGroup
        name="season"
        legend="Season"
        values={facets?.season ?? []}
        labels={SEASON_LABELS}
        picked={search.season}
        onChange={(season) => onChange({ season })}
      />
      <LabelFilters search={search} facets={facets} onChange={onChange} />
      <MarkFilters search={search} facets={facets} onChange={onChange} />
      <PriceRange
        key={`${search.minPrice}:${search.maxPrice}`}
        min={search.minPrice}
        max={search.maxPrice}
        range={facets?.price}
        legend={priceWords.legend}
        onChange={(minPrice, maxPrice) => onChange({ minPrice, maxPrice })}
      />
      <Check htmlFor={stockId}>
        <input
          id={stockId}
          type="checkbox"
          name="inStock"
          value="true"
          checked={search.inStock}
          onChange={() => onChange({ inStock: !search.inStock })}
        />
        In stock only
      </Check>
      {isFiltered(search) && (
        <ButtonLink {...clearAll} $variant="secondary" $size="sm">
          Clear all
        </ButtonLink>
      )}
      <noscript>
        <ApplyWithoutScript type="submit">{shopCopy.applyFilters}</ApplyWithoutScript>
      </noscript>
    </Panel>
  );
}
