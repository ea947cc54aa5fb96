import { useId } from 'react';
import styled from 'styled-components';
import { allOrdersCopy } from '../allOrdersCopy';
import { lifecycleCopy } from '@contract/lifecycleCopy';
import { ORDER_STATUSES, type OrderStatus } from '@contract/orderLifecycle';
import { Label, Select } from '../../../ui/Field';
import { SearchBox } from '../../../ui/SearchBox';
import { media } from '../../../ui/theme';
import type { OrdersSearch } from './useAllOrdersSearch';

const Toolbar = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.md};
  ${media.tablet} {
    grid-template-columns: minmax(0, 1fr) 14rem;
    align-items: end;
  }
`;

const StatusField = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

/** All Orders' search box (debounced by SearchBox) and status filter. */
export function AllOrdersFilters({
  search,
  update,
}: {
  search: OrdersSearch;
  update: (change: Partial<OrdersSearch>, replace?: boolean) => void;
}) {
  const statusId = useId();
  return (
    <Toolbar>
      <SearchBox
        value={search.q}
        onSearch={(q, { replace }) => update({ q }, replace)}
        label={allOrdersCopy.searchLabel}
        placeholder={allOrdersCopy.searchPlaceholder}
        name={allOrdersCopy.searchName}
      />
      <StatusField>
        <Label htmlFor={statusId}>{allOrdersCopy.statusFilter}</Label>
        <Select
          id={statusId}
          value={search.status}
          onChange={(event) => update({ status: event.target.value as OrderStatus | 'all' })}
        >
          <option value="all">{allOrdersCopy.everyStatus}</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {lifecycleCopy.status[status]}
            </option>
          ))}
        </Select>
      </StatusField>
    </Toolbar>
  );
}
