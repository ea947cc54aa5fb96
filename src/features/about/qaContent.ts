/** One written answer of the Question and Answer page. */
export interface Answer {
  /** Anchor for the table of contents (`/about#state-management`). */
  id: string;
  question: string;
  paragraphs: string[];
  /** An optional short code example shown after the text. */
  code?: string;
}

/** The five answers the spec asks for, written for this store. */
export const answers: Answer[] = [
  {
    id: 'performance',
    question: 'How do you make a React front end fast?',
    paragraphs: [
      'Start by measuring, not guessing: Lighthouse and the browser’s Performance panel show whether the time goes into downloading, parsing JavaScript, rendering or waiting for the network. Most slow storefronts ship too much JavaScript up front, so this store splits its code by route: the landing page, the shop and this page are separate chunks that load only when a visitor opens them.',
      'Next come the images, usually the heaviest part of a shop. Product pictures carry their width and height so the layout does not jump while they load, and images below the fold load lazily. Data is cached too: the product list is fetched once and kept for five minutes, so moving between the landing page and the shop costs no extra request.',
      'Finally, keep renders cheap. Components read only the state they need, lists have stable keys, and animation runs on requestAnimationFrame, switched off entirely for visitors who ask their system for reduced motion.',
    ],
  },
  {
    id: 'prototype-inheritance',
    question: 'How does prototype inheritance work in JavaScript?',
    paragraphs: [
      'Every JavaScript object has a hidden link to another object, its prototype. When you read a property the object does not have itself, the engine follows that link and looks there, then at the prototype’s prototype, and so on until it reaches null. This chain of links is how objects share behaviour without copying it.',
      'Functions used with new, and the class syntax that sits on top of them, set this link for you: an instance’s prototype is the class’s prototype object, where the methods live, and extends chains one prototype to another. Writing a property always lands on the object itself, which is why an instance can shadow a method without changing it for everyone else.',
    ],
    code: `const tyre = { describe() { return \`\${this.size} tyre\`; } };
const winter = Object.create(tyre); // winter's prototype is tyre
winter.size = '195/65 R15';
winter.describe(); // '195/65 R15 tyre', found on the prototype
Object.getPrototypeOf(winter) === tyre; // true`,
  },
  {
    id: 'unit-tests',
    question: 'Why write unit tests, and what makes a good one?',
    paragraphs: [
      'A unit test checks one small piece of behaviour in isolation and fails loudly when it changes. Tests let a team change code with confidence: a refactor that breaks the price format or the search rule below is caught in seconds on a laptop instead of by a customer.',
      'A good test describes behaviour rather than implementation. It arranges an input, acts once and asserts on what a user or caller would see, so it survives refactoring. It is fast, does not depend on other tests, and it can fail: a test that passes whatever the code does is worse than none, because it gives false comfort. In this store the demo search rule is a pure function with its own tests, and components are tested through what they render, with the network answered by a fake server.',
    ],
  },
  {
    id: 'product-search',
    question: 'How would you build a product search?',
    paragraphs: [
      'For a short list that is already in the browser, a filter over the array is enough. The demo below does the simplest version on purpose: it finds the one item whose name matches your text exactly, letter for letter and case for case, and keeps the previous result when nothing matches.',
      'A real catalogue needs more. Shoppers type partial, misspelled or differently ordered words ("205 55 16 summer"), so the search should run on the server, normalise case and spacing, match prefixes and tokens, rank results by relevance and stock, and answer page by page. In the browser the input should wait until the shopper pauses typing (debounce) before asking, cancel outdated requests, and say clearly when nothing was found.',
    ],
  },
  {
    id: 'state-management',
    question: 'How do you manage state in a React application?',
    paragraphs: [
      'First sort state by where it comes from. Server state, such as products, orders and reviews, belongs to a data-fetching cache: this store uses one RTK Query slice, which de-duplicates requests, caches results for five minutes, retries failed reads and refetches a list when a change invalidates it. Copying that data into hand-written global state only creates a second source of truth.',
      'Global client state, such as the signed-in user and the admin flag, lives in a small Redux store where any component can read it and every change is visible in the Redux DevTools. Flows with several steps, like paying for an order, are modelled as state machines so impossible states, such as paying twice, cannot happen. Everything else, such as the text in a search box or whether a menu is open, stays local in the component that owns it.',
    ],
  },
];
