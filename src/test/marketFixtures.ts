import type { Market } from '@contract/markets';

const kinds = (rate: number) => ({
  tyres: rate,
  parts: rate,
  services: rate,
  fees: rate,
  delivery: rate,
});

/** The three markets as migration 0037 seeds them (California's rate only, of the US states). */
export const marketFixtures: Market[] = [
  {
    code: 'US',
    name: 'United States',
    currency: 'USD',
    locale: 'en-US',
    countries: ['US'],
    taxIncluded: false,
    regionRequired: true,
    taxRates: {
      kinds: { services: 0, fees: 0, delivery: 0 },
      regions: { CA: { tyres: 7.25, parts: 7.25 } },
    },
    fees: {
      fittingPerTyre: [
        { upToRim: 16, minor: 2500 },
        { upToRim: 18, minor: 3000 },
        { upToRim: null, minor: 3500 },
      ],
      valvesPerTyre: 500,
      disposalPerTyre: 350,
      delivery: 995,
      tyreFeeByRegion: { CA: 175 },
    },
    conversion: { perDollar: 1, ending: null },
  },
  {
    code: 'DE',
    name: 'Deutschland',
    currency: 'EUR',
    locale: 'de-DE',
    countries: ['DE'],
    taxIncluded: true,
    regionRequired: false,
    taxRates: { kinds: kinds(19), regions: {} },
    fees: {
      fittingPerTyre: [
        { upToRim: 16, minor: 2000 },
        { upToRim: 18, minor: 2500 },
        { upToRim: null, minor: 3000 },
      ],
      valvesPerTyre: 400,
      disposalPerTyre: 300,
      delivery: 695,
      tyreFeeByRegion: {},
    },
    conversion: { perDollar: 0.92, ending: 99 },
  },
  {
    code: 'GB',
    name: 'United Kingdom',
    currency: 'GBP',
    locale: 'en-GB',
    countries: ['GB'],
    taxIncluded: true,
    regionRequired: false,
    taxRates: { kinds: kinds(20), regions: {} },
    fees: {
      fittingPerTyre: [
        { upToRim: 16, minor: 1800 },
        { upToRim: 18, minor: 2200 },
        { upToRim: null, minor: 2800 },
      ],
      valvesPerTyre: 350,
      disposalPerTyre: 250,
      delivery: 595,
      tyreFeeByRegion: {},
    },
    conversion: { perDollar: 0.79, ending: 99 },
  },
];
