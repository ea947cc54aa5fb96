/**
 * The column headers of All Orders as the admin reads them, for the component test and the
 * journey alike: the spec's columns, with the store's own beside them.
 */
export const allOrdersColumns = [
  'SL',
  'ProductName',
  'Email',
  'Price',
  'Number',
  'Quantity',
  // The store's own (issue 29): how the order reaches the shopper, delivery or the fitting day.
  'Delivery or fitting',
  'Payment',
  // The store's own (issue 30): where the order is in its life, and its page.
  'Status',
  'Order',
];
