import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import type { Product } from '@contract/products';
import { usePictureForm } from '../../../shared/forms/usePictureForm';
import { editProductSchema, type ProductValues } from '../productSchema';
import { editBody, staleCurrent, valuesOf } from './editProduct';
import { useEditProductMutation } from './productsApi';

/**
 * The Edit form of a product: the Add Product form's flow (picture first, then the save) with
 * the product's values, sending what changed and the version it started from. When another
 * admin saved in between, the API refuses (409) with the product as it is now: `conflict`
 * holds it, what was typed stays, and the admin either takes their version or saves over it
 * (the same changes, answering to the new version).
 */
export function useEditProductForm(product: Product) {
  const [editProduct] = useEditProductMutation();
  // The product as the form opened it, and the version the next save answers to.
  const [base, setBase] = useState(product);
  const version = useRef(product.version);
  const [conflict, setConflict] = useState<Product | null>(null);

  const picture = usePictureForm<ProductValues, Product>({
    initialValues: valuesOf(product),
    validationSchema: editProductSchema,
    currentImage: base.img,
    save: async (values, img) => {
      const body = editBody(values, img, base, version.current);
      if (Object.keys(body).length === 1) return base; // nothing changed
      return editProduct({ id: product._id, body }).unwrap();
    },
    fieldAliases: { img: 'image', width: 'size', euLabel: 'labelFuel' },
    // The conflict panel says it, with what changed: a toast would say it twice.
    showsItself: (error) => staleCurrent(error) !== null,
    onRefused: (error) => {
      const current = staleCurrent(error);
      if (current) setConflict(current);
    },
    onSaved: (now) => {
      setBase(now);
      version.current = now.version;
      setConflict(null);
      picture.form.resetForm({ values: valuesOf(now) });
      toast.success(`Saved: ${now.name} is updated in the shop.`);
    },
  });

  return {
    ...picture,
    base,
    conflict,
    /** Drops what was typed for the product as the other admin left it. */
    takeTheirs: () => {
      if (!conflict) return;
      setBase(conflict);
      version.current = conflict.version;
      setConflict(null);
      picture.form.resetForm({ values: valuesOf(conflict) });
    },
    /** Saves the changes typed over the other admin's version. */
    saveOver: () => {
      if (!conflict) return;
      version.current = conflict.version;
      setConflict(null);
      void picture.form.submitForm();
    },
  };
}
