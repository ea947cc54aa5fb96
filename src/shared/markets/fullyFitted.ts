import { browserChoice } from './browserChoice';

/** The shopper's "fully fitted prices" switch, kept in this browser: 'on' or 'off'. */
export const fullyFittedChoice = browserChoice('fullyFitted', 'off');
