import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { Product } from '@contract/products';
import { copy } from '@contract/copy';
import { useGetProductQuery } from '../../../store/api';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { FormActions, FormPanel } from '../../../ui/Form';
import { PageHeading, PageIntro } from '../../../ui/Page';
import { QueryState } from '../../../shared/QueryState';
import { Spinner } from '../../../ui/Spinner';
import { TextLink } from '../../../ui/TextLink';
import { usePageTitle } from '../../../ui/usePageTitle';
import { ProductFields } from '../ProductFields';
import { ConflictPanel } from './ConflictPanel';
import { MarketPricesPanel } from './MarketPricesPanel';
import { ProductHistory } from './ProductHistory';
import { RestockDialog } from './RestockDialog';
import { RetireDialog } from './RetireDialog';
import { StatusBadge } from './StatusBadge';
import { useEditProductForm } from './useEditProductForm';
import { useStatusChange } from './useStatusChange';

/** The model's pictures load with their own chunk, after the form. */
const ModelGallery = lazy(() =>
  import(/* webpackChunkName: "model-gallery" */ '../models/ModelGallery').then((module) => ({
    default: module.ModelGallery,
  })),
);

const Back = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
`;

const StatusLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const Stock = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  justify-items: start;
  > div {
    width: 100%;
  }
`;

const OwnPrices = styled.div`
  margin-top: ${({ theme }) => theme.space.xl};
`;

const History = styled.section`
  max-width: ${({ theme }) => theme.textWidth};
  margin-top: ${({ theme }) => theme.space.xl};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space.md};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

/** The Add Product form, filled with the product; its stock shown, moved by Restock. */
function EditForm({ product, live }: { product: Product; live: Product }) {
  const edit = useEditProductForm(product);
  const { form, field, panelProps, imageFieldProps } = edit;
  const [restocking, setRestocking] = useState(false);
  return (
    <>
      <FormPanel {...panelProps} aria-label="Edit product">
        <ProductFields
          form={form}
          field={field}
          imageFieldProps={imageFieldProps}
          categoryFromName={false}
          skuHint="Unique: the key of the CSV import."
          stock={
            <Stock>
              <TextField
                label={copy.addProduct.fields.availableQuantity}
                value={live.availablequantity}
                readOnly
                hint="Moves by Restock only."
              />
              <Button $size="sm" $variant="secondary" onClick={() => setRestocking(true)}>
                Restock
              </Button>
            </Stock>
          }
        />
        {edit.conflict && (
          <ConflictPanel
            opened={edit.base}
            current={edit.conflict}
            onTakeTheirs={edit.takeTheirs}
            onSaveOver={edit.saveOver}
          />
        )}
        <FormActions>
          <Button type="submit" disabled={form.isSubmitting}>
            Save changes
          </Button>
          {form.isSubmitting && <Spinner inline label="Saving the product" showLabel />}
        </FormActions>
      </FormPanel>
      {restocking && <RestockDialog product={live} onClose={() => setRestocking(false)} />}
    </>
  );
}

/** Retire (after a confirm) or Restore, beside the product's status. */
function StatusActions({ product }: { product: Product }) {
  const status = useStatusChange();
  const [confirming, setConfirming] = useState(false);
  const busy = status.busyId === product._id;
  return (
    <StatusLine>
      <StatusBadge status={product.status} />
      {product.status === 'retired' ? (
        <Button $size="sm" disabled={busy} onClick={() => void status.restore(product)}>
          Restore
        </Button>
      ) : (
        <Button $size="sm" $variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
          Retire
        </Button>
      )}
      {confirming && (
        <RetireDialog
          product={product}
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void status.retire(product);
          }}
        />
      )}
    </StatusLine>
  );
}

/**
 * `/dashboard/products/:id` (admins): one product's page in the back office. Its status with
 * Retire or Restore, the Edit form (the Add Product form with its values), and its history.
 */
export function EditProductPage() {
  const { id = '' } = useParams();
  const query = useGetProductQuery(id);
  // The form starts from the product as first loaded; later loads (after a save, a restock,
  // another admin's change) refresh the stock and status, never what is being typed.
  const [opened, setOpened] = useState<Product | null>(null);
  if (query.data && opened?._id !== query.data._id) setOpened(query.data);
  usePageTitle(query.data ? `Edit ${query.data.name}` : 'Edit product');

  return (
    <>
      <Back>
        <TextLink to="/dashboard/products">← All products</TextLink>
      </Back>
      <QueryState
        query={query}
        loadingLabel="Loading the product"
        errorMessage="We could not load this product."
      >
        {(live) => (
          <>
            <PageHeading>Edit {live.name}</PageHeading>
            <PageIntro>
              SKU {live.sku}. A save shows in the shop at once; another admin's save in between is
              shown to you before anything is overwritten.
            </PageIntro>
            <StatusActions product={live} />
            {opened && <EditForm key={opened._id} product={opened} live={live} />}
            <OwnPrices>
              <MarketPricesPanel productId={live._id} />
            </OwnPrices>
            <Suspense fallback={<Spinner inline showLabel label="Loading the pictures" />}>
              <ModelGallery productId={live._id} />
            </Suspense>
            <History aria-labelledby="history-heading">
              <h2 id="history-heading">History</h2>
              <ProductHistory id={live._id} />
            </History>
          </>
        )}
      </QueryState>
    </>
  );
}
