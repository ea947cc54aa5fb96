/**
 * The words of the admins' overview (the store's own; the spec has no such page): what to ship,
 * returns waiting, revenue and stock running out (issue 30), and the emails the store could not
 * send (issue 31). Loaded with that page only.
 */
export const overviewCopy = {
  title: 'Overview',
  intro:
    'The day at a glance: what to ship, returns on their way back, revenue and stock running low.',
  loading: 'Loading the overview',
  loadFailed: 'We could not load the overview',
  /** Under a queue that lists its oldest orders only. */
  more: (shown: number, total: number) => `The oldest ${shown} of ${total}.`,
  toShip: {
    heading: 'To ship',
    /** The count beside the heading: all of them, though the list shows the oldest only. */
    count: (n: number) => (n === 1 ? '1 order' : `${n} orders`),
    caption: 'Orders to ship, oldest payment first',
    /** Then checkoutCopy's 'Delivery or fitting'. */
    columns: ['Product', 'Quantity', 'Buyer', 'Paid'],
    none: 'Nothing to ship: every paid order is on its way.',
    all: 'See every paid order',
  },
  returns: {
    heading: 'Returns waiting',
    count: (n: number) => (n === 1 ? '1 return' : `${n} returns`),
    caption: 'Returns asked for and not received yet, oldest first',
    columns: ['Product', 'Quantity', 'Buyer', 'Ordered'],
    none: 'No return is on its way back.',
    all: 'See every return requested',
  },
  revenue: {
    heading: 'Revenue, last 30 days',
    /** What the chart shows, for the figure's caption. */
    explain: 'Paid per day, refunds subtracted.',
    total: 'Last 30 days',
    today: 'Today',
    caption: 'Revenue per day, last 30 days',
    columns: ['Day', 'Paid', 'Refunded', 'Revenue'],
    loadingChart: 'Loading the chart',
  },
  failedEmails: {
    heading: 'Emails not sent',
    count: (n: number) => (n === 1 ? '1 email' : `${n} emails`),
    caption: 'Emails the store gave up sending, newest first',
    columns: ['Recipient', 'Subject', 'Why', 'When', 'Action'],
    none: 'Every email went out.',
    loading: 'Loading the emails not sent',
    loadFailed: 'We could not load the emails not sent.',
    /** Under the list when it shows the newest only. */
    more: (shown: number, total: number) => `The newest ${shown} of ${total}.`,
    /** Before the first rendering an email has no subject or recipient yet. */
    unknown: '—',
    retry: 'Retry',
    retryLabel: (subject: string, recipient: string) => `Retry “${subject}” to ${recipient}`,
    retrying: 'Sending again…',
    retried: (recipient: string) => `The email to ${recipient} is queued to be sent again.`,
  },
  lowStock: {
    heading: 'Low in stock',
    caption: (units: number) => `Products with ${units} units or fewer left, fewest first`,
    columns: ['Product', 'Units left'],
    none: 'Every product has stock to spare.',
    all: 'See every product',
  },
} as const;
