import type { DayHours } from '../../contract/fittingCentres';
import { instantAt, localOf } from '../src/appointments/centreTime';
import { freeBay, slotDays, type Busy } from '../src/appointments/slots';
import { tyresReadyAt } from '../src/appointments/booking';

const open = (opens: string, closes: string): DayHours => ({ opens, closes });
// Closed on Sundays, 08:00–10:00 on weekdays, 09:00–09:45 on Saturdays.
const centre = {
  timeZone: 'Europe/Berlin',
  hours: [null, ...Array.from({ length: 5 }, () => open('08:00', '10:00')), open('09:00', '09:45')],
  closedDays: ['2026-12-24'],
  bays: 2,
};
// Monday 2026-12-21, 06:00 in Berlin.
const now = new Date('2026-12-21T05:00:00Z');
const ask = (over: Partial<Parameters<typeof slotDays>[0]> = {}) =>
  slotDays({
    centre,
    busy: [],
    minutes: 60,
    from: '2026-12-22',
    days: 1,
    earliest: now,
    now,
    ...over,
  });

describe('slots within opening hours', () => {
  it('offers quarter hours that leave the job time before closing, in the centre’s time zone', () => {
    const [day] = ask();
    expect(day!.slots.map((s) => s.time)).toEqual(['08:00', '08:15', '08:30', '08:45', '09:00']);
    // 08:00 in Berlin in winter is 07:00 UTC.
    expect(day!.slots[0]!.startsAt).toBe('2026-12-22T07:00:00.000Z');
    expect(day!.slots[0]!.endsAt).toBe('2026-12-22T08:00:00.000Z');
    expect(day!.why).toBeNull();
  });

  it('keeps summer time: 08:00 in Berlin in July is 06:00 UTC', () => {
    expect(instantAt('Europe/Berlin', '2027-07-06', 8 * 60).toISOString()).toBe(
      '2027-07-06T06:00:00.000Z',
    );
    expect(localOf('America/New_York', new Date('2027-03-14T12:00:00Z'))).toEqual({
      day: '2027-03-14',
      minute: 8 * 60,
    });
  });

  it('keeps each time on the clock through a change of the clock within opening hours', () => {
    // New York springs forward at 02:00 on 14 March 2027: 01:45 is EST, 03:00 EDT.
    const night = {
      timeZone: 'America/New_York',
      hours: Array.from({ length: 7 }, () => open('01:00', '04:00')),
      closedDays: [],
      bays: 1,
    };
    const [day] = slotDays({
      centre: night,
      busy: [],
      minutes: 30,
      from: '2027-03-14',
      days: 1,
      earliest: new Date('2027-03-01T00:00:00Z'),
      now: new Date('2027-03-01T00:00:00Z'),
    });
    for (const slot of day!.slots) {
      const [hour, minute] = slot.time.split(':').map(Number) as [number, number];
      expect(slot.startsAt).toBe(
        instantAt('America/New_York', '2027-03-14', hour * 60 + minute).toISOString(),
      );
    }
    expect(day!.slots.find((slot) => slot.time === '01:45')!.startsAt).toBe(
      '2027-03-14T06:45:00.000Z',
    );
    expect(day!.slots.find((slot) => slot.time === '03:00')!.startsAt).toBe(
      '2027-03-14T07:00:00.000Z',
    );
  });

  it('says why a day has none: a closed weekday, a closed day, too short a day', () => {
    const days = ask({ from: '2026-12-24', days: 4 });
    expect(days.map((d) => [d.date, d.slots.length, d.why])).toEqual([
      ['2026-12-24', 0, 'The centre is closed on this day.'],
      ['2026-12-25', 5, null],
      ['2026-12-26', 0, 'The centre is not open long enough that day for this job.'],
      ['2026-12-27', 0, 'The centre is closed on this day of the week.'],
    ]);
    // A pair (30 minutes) fits on the short Saturday.
    expect(ask({ from: '2026-12-26', minutes: 30 })[0]!.slots.map((s) => s.time)).toEqual([
      '09:00',
      '09:15',
    ]);
  });

  it('offers a time while one bay is free for the whole job, and the lowest free bay', () => {
    const at = (time: string) => Date.parse(`2026-12-22T${time}:00Z`);
    const busy: Busy[] = [
      { bay: 1, startsAt: at('07:00'), endsAt: at('08:00') },
      { bay: 2, startsAt: at('07:30'), endsAt: at('08:30') },
    ];
    expect(ask({ busy })[0]!.slots.map((s) => s.time)).toEqual(['09:00']);
    expect(freeBay(busy, 2, at('07:45'), at('08:45'))).toBeNull();
    expect(freeBay(busy, 2, at('08:00'), at('08:15'))).toBe(1);
    expect(freeBay(busy, 2, at('08:30'), at('09:00'))).toBe(1);
    const full = ask({ busy: [...busy, { bay: 1, startsAt: at('08:00'), endsAt: at('09:00') }] });
    expect(full[0]!.why).toBe('Every bay is taken this day.');
  });
});

describe('slots wait for the tyres', () => {
  it('starts the day the tyres arrive, from the warehouse’s lead time', () => {
    const earliest = tyresReadyAt(centre, 2, now);
    expect(earliest.toISOString()).toBe('2026-12-22T23:00:00.000Z'); // 23 Dec, 00:00 in Berlin
    const days = ask({ earliest, days: 2 });
    expect(days[0]).toMatchObject({
      date: '2026-12-22',
      slots: [],
      why: 'Your tyres cannot be at this centre yet on this day.',
    });
    expect(days[1]!.slots).toHaveLength(5);
    // On the centre's own shelf: at once, an hour's notice aside.
    expect(tyresReadyAt(centre, 0, now)).toEqual(now);
  });

  it('gives an hour’s notice today', () => {
    const early = new Date('2026-12-22T06:50:00Z'); // 07:50 in Berlin
    expect(ask({ now: early, earliest: early })[0]!.slots.map((s) => s.time)).toEqual(['09:00']);
    const late = new Date('2026-12-22T07:20:00Z'); // 08:20 in Berlin
    expect(ask({ now: late, earliest: late })[0]).toMatchObject({
      slots: [],
      why: 'Too soon to book: slots start at least an hour from now.',
    });
  });
});
