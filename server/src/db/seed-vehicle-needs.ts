/**
 * What the seeded cars (seed-vehicles.ts) need of their tyres (issue 50): plausible values from
 * the makers' public specifications (tyre placards, owner's manuals, type-approval data), not
 * copied from one car's papers. The least load index and speed rating of each original size, as
 * the placards print them; the makers' OE marks; four-wheel drive where the named version has it
 * as standard; TPMS where the version has direct sensors in the wheels (not the ABS-based kind);
 * factory run-flat tyres on the BMWs that leave the factory on them; winter sizes where the makers
 * list a common one. A store's own data replaces these with the fitments CSV.
 */
import type { AxleMinimum, FactorySize } from '../../../contract/carFitment';
import { formatTyreSize } from '../../../contract/tyreSize';
import type { NewVehicle } from '../vehicles/vehicleTable';

type Size = NewVehicle['front'];
const size = (width: number, aspect: number, rim: number): Size => ({ width, aspect, rim });

/** The placard's load index and speed rating of each seeded size, as most versions on it print. */
const BY_SIZE: Record<string, [number, string]> = {
  '165/70 R14': [81, 'T'],
  '175/65 R14': [82, 'T'],
  '185/60 R15': [84, 'H'],
  '185/65 R15': [88, 'T'],
  '195/55 R16': [87, 'H'],
  '195/65 R15': [91, 'H'],
  '205/55 R16': [91, 'V'],
  '205/60 R16': [92, 'V'],
  '215/55 R17': [94, 'V'],
  '215/60 R16': [95, 'H'],
  '215/60 R17': [96, 'H'],
  '215/65 R16': [98, 'H'],
  '215/65 R17': [99, 'H'],
  '225/40 R19': [93, 'Y'],
  '225/45 R17': [91, 'W'],
  '225/45 R18': [95, 'Y'],
  '225/50 R17': [94, 'W'],
  '225/55 R17': [97, 'W'],
  '225/55 R18': [98, 'V'],
  '225/65 R17': [102, 'H'],
  '235/40 R20': [92, 'Y'],
  '235/45 R18': [98, 'W'],
  '235/55 R18': [100, 'V'],
  '235/60 R18': [103, 'V'],
  '245/40 R18': [97, 'Y'],
  '255/35 R19': [96, 'Y'],
  '255/45 R19': [104, 'W'],
  '295/35 R21': [107, 'Y'],
};

export function minimumOf(fitted: Size): AxleMinimum {
  const known = BY_SIZE[formatTyreSize(fitted)];
  return known
    ? { loadIndex: known[0], speedRating: known[1] }
    : { loadIndex: null, speedRating: null };
}

interface Extras {
  oeMarks?: string[];
  fourWheelDrive?: boolean;
  tpms?: boolean;
  runFlat?: boolean;
  factorySizes?: FactorySize[];
  rearMinimum?: AxleMinimum;
}

const square = (s: Size): FactorySize => ({ front: s, rear: s });

/** By make: the OE mark its makers approve and whether its versions here have direct TPMS. */
const BY_MAKE: Record<string, Extras> = {
  BMW: { oeMarks: ['★'], tpms: true },
  Mini: { oeMarks: ['★'], tpms: true },
  'Mercedes-Benz': { oeMarks: ['MO'] },
  Audi: { oeMarks: ['AO'] },
  Porsche: { oeMarks: ['N0', 'N1'], tpms: true },
  Tesla: { oeMarks: ['T0'], tpms: true },
  Volvo: { oeMarks: ['VOL'] },
  Hyundai: { tpms: true },
  Kia: { tpms: true },
  Renault: { tpms: true },
};

/** By version (make model generation engine): what differs from its make. */
const BY_VERSION: Record<string, Extras> = {
  'BMW 1 Series F20 118i': { runFlat: true },
  'BMW 3 Series F30 320d': { runFlat: true },
  'BMW 3 Series G20 320d': { runFlat: true },
  // Staggered 19-inch summer wheels, and the square 18-inch winter wheels BMW sells for it: the
  // rear axle needs 95, which its 96 XL summer tyres and the 95 XL winter ones both carry.
  'BMW 3 Series G20 330i M Sport': {
    factorySizes: [square(size(225, 45, 18))],
    rearMinimum: { loadIndex: 95, speedRating: 'Y' },
  },
  'Mercedes-Benz C-Class W205 C 300 AMG Line': { factorySizes: [square(size(225, 50, 17))] },
  'Mercedes-Benz GLC X253 220 d 4MATIC': { fourWheelDrive: true },
  'Audi Q5 FY 40 TDI': { fourWheelDrive: true },
  'Audi TT 8S 2.0 TFSI': { factorySizes: [square(size(225, 50, 17))] },
  'Tesla Model Y Long Range': { fourWheelDrive: true },
};

/** A seeded version's needs of its tyres. */
export function seedNeeds(
  name: string,
  make: string,
  front: Size,
  rear: Size,
): Pick<
  NewVehicle,
  | 'frontMinimum'
  | 'rearMinimum'
  | 'factorySizes'
  | 'runFlat'
  | 'tpms'
  | 'fourWheelDrive'
  | 'oeMarks'
> {
  const extras = { ...BY_MAKE[make], ...BY_VERSION[name] };
  return {
    frontMinimum: minimumOf(front),
    rearMinimum: extras.rearMinimum ?? minimumOf(rear),
    factorySizes: extras.factorySizes ?? [],
    runFlat: extras.runFlat ?? false,
    tpms: extras.tpms ?? false,
    fourWheelDrive: extras.fourWheelDrive ?? false,
    oeMarks: extras.oeMarks ?? [],
  };
}
