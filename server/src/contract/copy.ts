/**
 * Every user-facing string of the specification, verbatim (typos included: they are the
 * product's copy). Screens import from here; nothing else spells these strings.
 * Form labels (`fields`) name the fields the spec lists; where the spec gives a field only as a
 * lowercase key ('description', 'address'), its label starts with a capital.
 */
/** "30 minutes", "45 seconds": a stock hold as a person reads it. */
function holdDuration(seconds: number): string {
  if (seconds % 60 === 0) return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

export const copy = {
  nav: {
    home: 'Home',
    shop: 'Shop',
    blogsDesktop: 'Blogs',
    aboutMobile: 'About',
    review: 'Review',
    portfolio: 'Portfolio',
    dashboard: 'DashBoard',
    logout: 'LogOut',
    login: 'Login',
  },
  /** The dashboard sidebar. */
  dashboard: {
    profile: 'Profile',
    myOrders: 'My Orders',
    addReview: 'Add Review',
    addProduct: 'Add Product',
    allOrders: 'All Orders',
    allUser: 'All User',
  },
  landing: {
    headline: 'The World Of Metal',
    explore: 'Explore Now',
    counters: [
      { value: 100, suffix: '+', label: 'Country' },
      { value: 350, suffix: '+', label: 'products' },
      { value: 140, suffix: 'M+', label: 'Yearly Income' },
      { value: 650, suffix: '+', label: 'FeedBacks' },
    ],
    /** The spec's counter animation duration (seconds). */
    counterDurationSeconds: 10,
  },
  product: {
    currency: '$',
    orderQuantity: 'OrderQuantity',
    availableQuantity: 'AvailableQuantity',
    bookNow: 'Book Now',
    reviewsLabel: '22 reviews',
    addToBag: 'Add to shopping bag',
    /** The store's own, on the product details page. */
    detailsTitle: 'Product details',
    allProducts: '← All products',
    loading: 'Loading the product',
    loadFailed: 'We could not load this product',
    missingTitle: 'This product is not in the store',
    missingHint: 'It may have been removed. Have a look at the other products in the shop.',
    goToShop: 'Go to the shop',
    /** Beside the stock: what one order can take, as the order modal will allow it. */
    youCanOrder: 'You can order',
    upTo: (max: number) => `up to ${max}`,
    outOfStock: 'Out of stock',
  },
  notFound: {
    title: 'OOPS!',
    message: 'No signal here! we cannot find the page you are looking for',
    back: 'Go back',
  },
  auth: {
    /** The /login and /register screens: page title and heading, and their submit buttons. */
    loginTitle: 'Login',
    loginButton: 'Login',
    registerTitle: 'Register',
    registerButton: 'Register',
    /** Login/registration fields: Name (register only), email, password. */
    fields: { name: 'Name', email: 'Email', password: 'Password' },
    noAccount: "Don't have an account?",
    haveAccount: 'Have an account?',
    forgetPassword: 'Forget Password?',
    errorPrefix: 'Error : ',
    emailRequired: 'Email is required',
    emailInvalid: 'Provide is valid Email',
    passwordRequired: 'password is required',
    passwordShort: 'Provide At last 6 character ',
    nameRequired: 'Name is required',
    sentEmail: 'Sent email',
    checkEmail: 'Cheak your Email',
    noUserLoggedIn: 'No user is logged in',
    /**
     * The store's own: shown by /login and /register without JavaScript (the forms are posted
     * to the server, which answers the page again and keeps nothing of what was typed).
     */
    needsJavaScript:
      'Signing in needs JavaScript: turn it on in this browser, then reload the page. ' +
      'What you typed here was not kept.',
    /** The store's own: a signed-in shopper who opened an admin page stays signed in. */
    adminOnly: 'That page is for admins only.',
    adminOnlyStillSignedIn: 'You are still signed in: your own pages are in the ',
    adminOnlyLink: 'dashboard',
  },
  order: {
    /** The order modal: product name, price, user name and email read-only; then the inputs. */
    fields: {
      product: 'Product',
      price: 'Price',
      name: 'Name',
      email: 'Email',
      address: 'Address',
      phone: 'Phone Number',
      quantity: 'Quantity',
    },
    ordered: 'Your product ordered',
    unavailableQuantity: 'please input a Available quantity',
    wrongQuantity: 'wrong input a quantity',
    /** The spec makes these fields required without wording a message; the store's own. */
    addressRequired: 'Address is required',
    phoneRequired: 'Phone number is required',
    quantityRequired: 'Quantity is required',
    /** The store's own: an unverified account holds no stock (the API's 403, word for word). */
    verifyEmailFirst:
      'Verify your email before ordering: open the link in the email we sent you when you ' +
      'registered, then place your order again. Unpaid orders hold stock, so only accounts ' +
      'with a verified email can place them.',
    /** The spec's resend-verification action, offered beside that refusal. */
    resendVerification: 'Send the verification email again',
    /** The store's own: the modal's title, buttons and hints. */
    title: 'Your order',
    place: 'Place order',
    placing: 'Placing your order',
    cancel: 'Cancel',
    outOfStock: 'Out of stock: nothing can be ordered right now.',
    canOrderUpTo: (max: number) => `You can order up to ${max}.`,
    noneInStock: 'This product is out of stock.',
    /** The API's rules for the typed fields, in the API's own words. */
    tooLong: (field: string, max: number) => `${field} can be at most ${max} characters.`,
    fieldProblem: (field: string, problem: string) => `${field} ${problem}.`,
    atMost: (field: string, max: number) =>
      `${field} can be at most ${max.toLocaleString('en-US')}.`,
  },
  myOrders: {
    title: 'My Orders',
    columns: ['SL', 'Product Name', 'Quantity', 'Delete', 'Payment'],
    deleteOrder: 'DELETE ORDER',
    pay: 'Pay',
    paid: 'paid',
    /** `deletedCount` came back 0 (the spec only says what happens when it is truthy). */
    notDeleted: 'The order was not deleted. Please try again.',
    /** An unpaid order past its stock hold (the store's own words, as the spec has no hold). */
    expired: 'expired',
    expiredHint: 'Not paid in time: its stock went back on sale.',
    payBy: 'Pay by',
  },
  allOrders: {
    title: 'All Orders',
    columns: ['SL', 'ProductName', 'Email', 'Price', 'Number', 'Quantity', 'Payment'],
  },
  payment: {
    payFor: 'Pay for',
    quantity: 'Quantity',
    price: 'Price',
    /** Quantity times price. */
    totalPrice: 'Total price',
    pay: 'Pay',
    success: 'congrats ! your payment is succuss',
    /** The payment script's load failures (the spec's section 8), in Stripe.js's words. */
    scriptFailed: 'Failed to load Stripe.js',
    scriptUnavailable: 'Stripe.js not available',
    /** The order's stock hold ran out before it was paid (the store's own words). */
    expired:
      'This order was not paid in time, so it expired and its stock went back on sale. Delete it and order again.',
    /** The store's own: the payment page's title, progress, failures and links. */
    title: 'Payment',
    loadingPage: 'Loading the payment page',
    pageFailed: 'We could not load the payment page',
    loadingOrder: 'Loading your order',
    orderFailed: 'We could not load this order',
    notReady: 'We could not get the payment ready',
    providerDown:
      'Card payments cannot be taken right now. Check your connection (and allow js.stripe.com if a content blocker is on), then try again.',
    cardDetails: 'Card details',
    gettingReady: 'Getting the payment ready',
    loadingCardForm: 'Loading the card form',
    cardFormLoading: 'The card form is still loading. Please try again in a moment.',
    confirming: 'Confirming your card',
    recording: 'Recording your payment',
    tryAgain: 'Try again',
    backToMyOrders: 'Back to My Orders',
    backToAllOrders: 'Back to All Orders',
    /** Charged, but not on the order yet: never Pay again. */
    recordAgain:
      'Your card was charged, but the payment is not on your order yet. Do not pay again: try recording it once more.',
    /** Followed by the transaction id. */
    recordRefused:
      'Your card was charged, but the store could not put the payment on this order. Do not pay again: contact the store with the transaction id',
    transactionId: 'Transaction id:',
    /** Stripe's answers without a message of their own. */
    notCharged: 'Your card could not be charged.',
    notCompleted: 'The payment was not completed. Please try again.',
    /** The local provider's card form, labelled as Stripe's Payment Element is. */
    card: {
      number: 'Card number',
      numberPlaceholder: '1234 1234 1234 1234',
      expiry: 'Expiration date',
      expiryPlaceholder: 'MM / YY',
      cvc: 'Security code',
      cvcPlaceholder: 'CVC',
      testCards: 'Test payments: 4242 4242 4242 4242, any future date, any 3-digit CVC.',
    },
    /** The local card form's problems, in Stripe's own wording so both providers speak alike. */
    cardMessages: {
      numberIncomplete: 'Your card number is incomplete.',
      numberInvalid: 'Your card number is invalid.',
      expiryIncomplete: "Your card's expiration date is incomplete.",
      expiryInvalid: "Your card's expiration date is invalid.",
      expiryYearInvalid: "Your card's expiration year is invalid.",
      expiryPast: "Your card's expiration date is in the past.",
      expiryYearPast: "Your card's expiration year is in the past.",
      cvcIncomplete: "Your card's security code is incomplete.",
    },
  },
  review: {
    title: 'Please Add a Review',
    /** Add Review's fields: Your Name, description, Ratings (number), address, image file. */
    fields: {
      name: 'Your Name',
      description: 'Description',
      ratings: 'Ratings',
      address: 'Address',
      image: 'Image',
    },
    /** The form's submit button (the sidebar's 'Add Review'). */
    submit: 'Add Review',
    thanks: 'ThankYou Sir',
    nameRequired: 'Name is required',
    descriptionRequired: 'description is required',
    ratingsRequired: 'Ratings is required',
    addressRequired: 'address is required',
    imageRequired: 'Image is required',
  },
  profile: {
    update: 'Update Your Profile',
    updateButton: 'Update',
    /** The update form: Name, email, institute name, Department, Address, Linkedin link, image. */
    fields: {
      name: 'Name',
      email: 'Email',
      institute: 'Institute name',
      department: 'Department',
      address: 'Address',
      linkedin: 'Linkedin link',
      image: 'Image',
    },
    updated: 'Your Profile Updated',
    nameRequired: 'Name is required',
    instituteRequired: 'instituteName is required',
    departmentRequired: 'Department is required',
    addressRequired: 'Address is required',
    linkedinRequired: 'Linkedin is required',
    imageRequired: 'Image is required',
    /**
     * The store's own: LogOut ends this device's session only; this ends every session of the
     * account (after a confirmation).
     */
    signOutEverywhere: 'Sign out everywhere',
    signOutEverywhereHint: 'LogOut signs you out on this device only.',
    signOutEverywhereTitle: 'Sign out everywhere?',
    signOutEverywhereQuestion:
      'You will be signed out on every phone, tablet and computer where you use this account, ' +
      'this one included. You can sign in again at any time.',
    signOutEverywhereCancel: 'Cancel',
    signOutEverywhereWorking: 'Signing you out everywhere',
    signOutEverywhereFailed:
      'You could not be signed out everywhere just now. Please try again in a moment.',
  },
  addProduct: {
    /** The page's title and the form's name (the sidebar's 'Add Product'). */
    title: 'Add Product',
    heading: 'Update Product',
    submit: 'Please Add Product',
    added: 'Successfully Product Added',
    /** Product name, description, price, order quantity, available quantity, image file. */
    fields: {
      name: 'Product Name',
      description: 'Description',
      price: 'Price ($)',
      orderQuantity: 'Order Quantity',
      availableQuantity: 'Available Quantity',
      image: 'Image',
      category: 'Category',
      size: 'Tyre size',
      season: 'Season',
      sku: 'SKU',
    },
    nameRequired: 'Product Name is required',
    descriptionRequired: 'description is required',
    priceRequired: 'price is required',
    orderQuantityRequired: 'orderouantity is required',
    availableQuantityRequired: 'availablequantity  is required',
    imageRequired: 'Image is required',
  },
  users: {
    columns: ['SL', 'Email', 'Job', 'Favorite Color'],
    makeAdmin: 'Make Admin',
    alreadyAdmin: 'Already Admin',
    removeUser: 'Remove user',
    promoted: 'Congratulations you are now ADMIN',
    promoteFailed: 'faild to make to admin',
  },
  qa: {
    heading: 'Question And Answer',
    searchPlaceholder: 'Search Product',
    search: 'Search',
    result: 'Search Product is :',
    /** The fields of the matched item under the result heading. */
    name: 'Name',
    price: 'Price',
    description: 'Description',
  },
  /**
   * The store's own: the API's refusals (the `message` of its error answers, which the screens
   * show as they come).
   */
  refusals: {
    signIn: {
      noToken: 'Sign in first: this call needs a bearer access token.',
      badToken: 'Your session is invalid or has expired. Please sign in again.',
      noAccount: 'Your account was not found. Please sign in again.',
      signedOut: 'You have signed out. Please sign in again.',
      signedOutEverywhere: 'You signed out everywhere since this sign-in: please sign in again.',
      signedOutHere: 'You signed out on this device since this sign-in: please sign in again.',
      adminsOnly: 'Only an admin can do this.',
      ownDataOnly: "You can only see your own account's data.",
    },
    users: {
      none: 'No user with this email has signed in to the store.',
      unverifiedAdmin:
        'This user has not verified their email yet: only verified accounts can be admins.',
    },
    profile: {
      none: 'This user has no profile yet.',
      notYours: 'You can only update your own profile.',
    },
    review: {
      none: 'No review with this id.',
    },
    product: {
      none: 'No product with this id.',
      fieldRequired: (label: string) => `${label} is required.`,
      quantitiesDisagree: 'availableauantity and availablequantity disagree: send one of them.',
      changedWhileEditing: (version: number, sent: number) =>
        `This product changed while you were editing it: it is at version ${version}, ` +
        `your edit started from version ${sent}. Check the changes, then save again.`,
      skuTaken: (sku: string, takenBy: string) => `SKU ${sku} is already used by "${takenBy}".`,
      skuTakenMeanwhile: (sku: string) => `SKU ${sku} is already used by another product.`,
    },
    order: {
      none: 'No order with this id.',
      ownEmailOnly: 'An order is always placed for your own email.',
      someoneElses: 'This order belongs to someone else.',
      paidNotDeletable: 'This order is paid and can no longer be deleted.',
      alreadyPaid: 'This order is already paid.',
      paymentMismatch: 'The payment does not match the order total.',
      expiredAndSold:
        'This order expired before it was paid and its stock has been sold since. ' +
        'Contact the store for a refund.',
      expired: (holdSeconds: number) =>
        `This order was not paid within ${holdDuration(holdSeconds)}, so it expired and its ` +
        'stock went back on sale. Delete it and order again.',
      heldUnits: (max: number, held: number, holdSeconds: number) =>
        `One account can hold at most ${max} units in unpaid orders, and you ` +
        `already hold ${held}. Pay for or delete an order first (unpaid orders expire after ` +
        `${holdDuration(holdSeconds)}).`,
      /** `live` units held of a product whose `stock` (available plus held) allows `cap`. */
      heldShare: (
        held: { live: number; cap: number; stock: number; percent: number },
        holdSeconds: number,
      ) => {
        const left = Math.max(0, held.cap - held.live);
        return (
          `${held.live} units of this product are in unpaid orders right now, and unpaid ` +
          `orders may hold at most ${held.cap} of its ${held.stock} (${held.percent}% of its ` +
          'stock) at once. ' +
          (left > 0 ? `You can order up to ${left} now, or try again later` : 'Try again later') +
          `: unpaid orders are paid or released within ${holdDuration(holdSeconds)}.`
        );
      },
    },
    payment: {
      nothingToPay: 'This order has nothing to pay.',
      stripeOnly: 'Card payments go through Stripe on this store.',
      noIntent: 'No payment is waiting for this client secret.',
      webhooksStripeOnly: 'Webhooks are only used with PAYMENT_PROVIDER=stripe.',
      webhookNeedsSignature: 'A Stripe-Signature header and a JSON body are required.',
      webhookSignatureMismatch: 'The webhook signature does not match.',
    },
  },
} as const;
