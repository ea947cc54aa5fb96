/**
 * Every user-facing string of the specification, verbatim (typos included: they are the
 * product's copy). Screens import from here; nothing else spells these strings.
 * Form labels (`fields`) name the fields the spec lists; where the spec gives a field only as a
 * lowercase key ('description', 'address'), its label starts with a capital.
 */
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
    /** The phone's menu button, closed and open. */
    menu: 'Menu',
    closeMenu: 'Close',
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
  /** The bag: several products, one checkout (the store's own words; the spec has no bag). */
  bag: {
    retired: 'No longer sold: remove it from your bag.',
    soldOut: 'Out of stock: remove it from your bag.',
    goneFromStore: 'A product from your bag is no longer in the store, so it was not added.',
    /** The navbar's bag button: its text, and its accessible name with the count. */
    nav: 'Bag',
    navCount: (items: number) => `Bag, ${items} ${items === 1 ? 'item' : 'items'}`,
    /**
     * The "Add to bag" control of every product card and of the details page (what it says
     * after a tap is in bagCopy.ts, which loads with the tap).
     */
    add: 'Add to bag',
    /** Tyres: a pair or a set in one tap. */
    addSome: (units: number) => `Add ${units}`,
    addSomeName: (units: number) => `Add ${units} to bag`,
    adding: 'Adding…',
    quantityOf: (name: string) => `Quantity of ${name}`,
    view: 'View bag',
    outOfStock: 'Out of stock right now.',
    addFailed: 'It could not be added just now. Please try again.',
  },
} as const;
