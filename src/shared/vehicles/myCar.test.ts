import { carPickSearch, readCarPick } from './myCar';

const pick = (query: string) => readCarPick(new URLSearchParams(query));

describe('the car picker’s choices in an address (its steps without the script)', () => {
  it('reads make, model and year, each only after the one before', () => {
    expect(pick('make=VW&model=Golf&year=2016')).toEqual({
      make: 'VW',
      model: 'Golf',
      year: '2016',
    });
    expect(pick('model=Golf&year=2016')).toEqual({ make: '', model: '', year: '' });
    expect(pick('make=VW&year=2016')).toEqual({ make: 'VW', model: '', year: '' });
  });

  it('leaves out what the API would refuse', () => {
    expect(pick(`make=${'x'.repeat(61)}`).make).toBe('');
    expect(pick('make=%20%20').make).toBe('');
    for (const year of ['1800', '2016.5', 'abc', '', '3000']) {
      expect(pick(`make=VW&model=Golf&year=${year}`).year).toBe('');
    }
    expect(pick('make=VW&model=Golf&year=2016.0').year).toBe('2016');
  });

  it('writes a pick back in the picker’s order, nothing for none', () => {
    expect(carPickSearch(pick('year=2016&model=Golf+Plus&make=VW&utm=1'))).toBe(
      '?make=VW&model=Golf+Plus&year=2016',
    );
    expect(carPickSearch(pick(''))).toBe('');
  });
});
