import { GuestBrowsers } from '../src/guests/guestBrowsers';
import { testConfig } from './testApp';

const browsers = new GuestBrowsers(testConfig().jwtSecret!);

/** A guest browser id as the store issues it (POST /api/guest/browser), signed with the tests' key. */
export const issuedGuestBrowser = () => browsers.issue();
