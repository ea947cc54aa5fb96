/**
 * The store's own words of All Orders beside the spec's (copy.allOrders): the status column, its
 * filter, the search and paging (issue 30). Kept apart from copy.ts so they load with that page.
 */
export const allOrdersCopy = {
  intro: 'Every order placed in the store, newest first. Open one to ship, cancel or refund it.',
  /** The column of each row's link to its order page. */
  orderColumn: 'Order',
  open: 'Details',
  statusFilter: 'Status',
  everyStatus: 'All statuses',
  searchLabel: 'Search orders',
  searchPlaceholder: 'Email, product name or order id',
  searchName: 'Orders',
  loading: 'Loading all orders',
  loadFailed: 'We could not load the orders',
  updating: 'Updating the list',
  noneYet: 'No orders have been placed yet.',
  noMatch: 'No orders match',
  pastTheEnd: 'This page is past the end of the list.',
  showing: (from: string, to: string, total: string) => `Showing ${from}–${to} of ${total}`,
  pages: 'All Orders pages',
} as const;
