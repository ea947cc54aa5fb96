import { useState } from 'react';
import { toast } from 'react-toastify';
import type { Product } from '@contract/products';
import { apiErrorMessage } from '../../../store/apiError';
import { useChangeStatusMutation } from './productsApi';

/**
 * Retire and Restore, with the version the admin saw (a product changed since is refused with
 * a message, and read again), and a toast either way.
 */
export function useStatusChange() {
  const [changeStatus] = useChangeStatusMutation();
  const [busyId, setBusyId] = useState<string | null>(null);

  const change = async (product: Product, to: 'retire' | 'restore') => {
    setBusyId(product._id);
    try {
      const changed = await changeStatus({
        id: product._id,
        to,
        version: product.version,
      }).unwrap();
      toast.success(
        to === 'retire'
          ? `${changed.name} is retired: the shop no longer sells it.`
          : `${changed.name} is back in the shop.`,
      );
      return true;
    } catch (error) {
      toast.error(apiErrorMessage(error));
      return false;
    } finally {
      setBusyId(null);
    }
  };

  return {
    busyId,
    retire: (product: Product) => change(product, 'retire'),
    restore: (product: Product) => change(product, 'restore'),
  };
}
