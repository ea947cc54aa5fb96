/**
 * Whether the tyres of a bag are right for the car it is for (issue 50), in words: one module
 * the API (checkout's refusal, `GET /bag/fitment`) and the bag page both run. A tyre below the
 * car's load index, or below its speed rating (unless it is a winter tyre, which the law lets
 * run slower with a sticker), is refused; different models on one axle, different tread on a
 * four-wheel-drive car, a summer tyre for a market's winter months, and a slower winter tyre are
 * warnings. Plain values and functions, so the shop bundles it without TypeBox.
 */
import type { AxleMinimum, AxleSize, FactorySize } from './carFitment';
import { speedAtLeast } from './carFitment';
import type { TyreMarks } from './tyreMarks';
import { findTyreSize, formatTyreSize, SPEED_RATING_KMH } from './tyreSize';

/** What the rules read of a car. */
export interface RuleCar {
  front: AxleSize;
  rear: AxleSize;
  frontMinimum: AxleMinimum;
  rearMinimum: AxleMinimum;
  factorySizes: FactorySize[];
  fourWheelDrive: boolean;
}

/** What the rules read of a bag line (a product and how many). */
export interface RuleTyre {
  productId: string;
  name: string;
  quantity: number;
  category: string;
  width: number | null;
  aspect: number | null;
  rim: number | null;
  loadIndex: number | null;
  speedRating: string | null;
  season: string | null;
  marks: TyreMarks;
}

/** What of a product the rules read (a catalogue `Product` is one). */
export type RuleProduct = Omit<RuleTyre, 'productId' | 'quantity'> & { _id: string };

/** A product and how many, as the rules read them. */
export const ruleTyreOf = (product: RuleProduct, quantity: number): RuleTyre => ({
  productId: product._id,
  name: product.name,
  quantity,
  category: product.category,
  width: product.width,
  aspect: product.aspect,
  rim: product.rim,
  loadIndex: product.loadIndex,
  speedRating: product.speedRating,
  season: product.season,
  marks: product.marks,
});

export type FindingRule =
  'loadIndex' | 'speedRating' | 'winterSpeed' | 'mixedAxle' | 'fourWheelDrive' | 'winterLaw';

export interface Finding {
  /** A refusal stops checkout for this car; a warning is said and the shopper may go on. */
  level: 'refusal' | 'warning';
  rule: FindingRule;
  /** The line it is about; null when about the bag as a whole. */
  productId: string | null;
  message: string;
}

/**
 * A market's winter tyre law, as data: in `months` (1–12) a car must run on tyres of `needs`
 * when the law applies. Germany's is situational (StVO § 2 (3a): in black ice, snow, slush or
 * frost, M+S alone no longer counts for tyres made since 2018), so the store warns over the
 * months in which such roads are to be expected ("O bis O": October to Easter).
 */
export interface WinterTyreLaw {
  market: string;
  name: string;
  months: readonly number[];
  needs: 'threePeak' | 'mudSnow';
  when: string;
}

export const WINTER_TYRE_LAWS: readonly WinterTyreLaw[] = [
  {
    market: 'DE',
    name: 'Germany’s situational winter tyre law (StVO § 2 (3a))',
    months: [10, 11, 12, 1, 2, 3, 4],
    needs: 'threePeak',
    when: 'in black ice, snow, slush or frost',
  },
  {
    market: 'AT',
    name: 'Austria’s situational winter tyre law (KFG § 102 (8a))',
    months: [11, 12, 1, 2, 3, 4],
    needs: 'mudSnow',
    when: 'in winter road conditions from 1 November to 15 April',
  },
];

/** The market of a check that names none: the spec's store, the US (no winter tyre law). */
export const DEFAULT_FITMENT_MARKET = 'US';

/** `Velocity Sport` of `Velocity Sport 225/40 R19 93Y XL`: brand and pattern, as the name says. */
export function tyreModel(name: string): string {
  const size = findTyreSize(name);
  return (size ? name.slice(0, size.start) : name).trim() || name.trim();
}

type Axle = 'front' | 'rear';
const sizeKey = (s: AxleSize) => formatTyreSize(s);

/** The axles a tyre of this size goes on: by the car's sizes; a size the car has not, either. */
export function axlesOf(car: RuleCar, size: AxleSize): Axle[] {
  const pairs = [{ front: car.front, rear: car.rear }, ...car.factorySizes];
  const axles = new Set<Axle>();
  for (const pair of pairs) {
    if (sizeKey(pair.front) === sizeKey(size)) axles.add('front');
    if (sizeKey(pair.rear) === sizeKey(size)) axles.add('rear');
  }
  return axles.size === 0 ? ['front', 'rear'] : [...axles];
}

/** Whether two sizes differ front to rear (a staggered car). */
export const isStaggered = (car: Pick<RuleCar, 'front' | 'rear'>) =>
  sizeKey(car.front) !== sizeKey(car.rear);

const kmh = (rating: string) => `${rating} (${SPEED_RATING_KMH[rating] ?? '?'} km/h)`;
const isWinterTyre = (tyre: RuleTyre) =>
  tyre.marks.threePeak || tyre.marks.mudSnow || tyre.season === 'winter';

/** The sentences of the findings, one place for the API and the page. */
export const fitmentWords = {
  loadIndex: (needs: number, has: number) =>
    `This car needs load index ${needs} or more; this tyre is ${has}.`,
  speedRating: (needs: string, has: string) =>
    `This car needs speed rating ${kmh(needs)} or more; this tyre is ${kmh(has)}.`,
  winterSpeed: (needs: string, has: string) =>
    `This winter tyre's speed rating ${kmh(has)} is below the car's ${kmh(needs)}: allowed for winter tyres, with a sticker of its top speed in the driver's view. Do not drive faster than ${SPEED_RATING_KMH[has] ?? '?'} km/h.`,
  mixedAxle: (axle: string, models: string[]) =>
    `Different tyres on the ${axle}: ${models.join(' and ')}. Fit the same model on both sides of an axle.`,
  fourWheelDrive: (models: string[]) =>
    `This car has four-wheel drive: fit the same model (the same tread) on all four wheels, not ${models.join(' and ')}, or the drivetrain may be strained.`,
  winterLaw: (law: WinterTyreLaw, name: string) =>
    `${name} is a summer tyre, and ${law.name} requires winter tyres (${law.needs === 'threePeak' ? '3PMSF' : 'M+S'}) ${law.when}. Choose a winter or all-season tyre for these months.`,
  refusedAtCheckout: (title: string) =>
    `These tyres are not right for your ${title}. Change them, or check out for another car or none.`,
  axles: { front: 'front axle', rear: 'rear axle', both: 'axle' },
} as const;

/** The words of the sets, the OE marks on the shop's cards and the bag's checks. */
export const carFitCopy = {
  sets: {
    heading: 'Sets for your car',
    intro:
      'Your car has wider tyres at the back: each set is two front and two rear tyres, the same model where we have it in both sizes.',
    sameModel: (model: string) => `${model} front and rear`,
    mixed: 'Different models front and rear',
    oe: (mark: string) => `${mark} approved for your car`,
    line: (quantity: number, axle: string, name: string) => `${quantity} × ${name} (${axle})`,
    add: 'Add set to bag',
    adding: 'Adding the set',
    added: 'The set is in your bag.',
  },
  oeNote: (mark: string) => `${mark} OE approved for your car`,
  notForCar: (reason: string) => `Not for your car: ${reason}`,
  bag: {
    heading: (title: string) => `Checked for your ${title}`,
    forCar: (title: string) => `These tyres are for my ${title}`,
    allRight: 'These tyres are right for your car.',
    refusal: 'Not allowed',
    warning: 'Please note',
    checking: 'Checking the tyres against your car',
  },
} as const;

/** The month (1–12) of a `YYYY-MM-DD` day. */
const monthOf = (day: string) => Number(day.slice(5, 7));

/**
 * Every finding about `tyres` (the bag's lines; wheels and parts are left alone) on `car`, for a
 * market and the day they go on the car (the fitting day, else today): refusals first.
 */
export function fitmentFindings(
  car: RuleCar,
  lines: readonly RuleTyre[],
  when: { market: string; day: string },
): Finding[] {
  const tyres = lines.filter(
    (t) => t.category === 'tyre' && t.width !== null && t.aspect !== null && t.rim !== null,
  );
  const findings: Finding[] = [];
  const byAxle: Record<Axle, RuleTyre[]> = { front: [], rear: [] };
  for (const tyre of tyres) {
    const axles = axlesOf(car, { width: tyre.width!, aspect: tyre.aspect!, rim: tyre.rim! });
    for (const axle of axles) byAxle[axle].push(tyre);
    const minima = axles.map((axle) => (axle === 'front' ? car.frontMinimum : car.rearMinimum));
    const needsLoad = Math.max(...minima.map((m) => m.loadIndex ?? 0));
    if (tyre.loadIndex !== null && needsLoad > 0 && tyre.loadIndex < needsLoad) {
      findings.push({
        level: 'refusal',
        rule: 'loadIndex',
        productId: tyre.productId,
        message: fitmentWords.loadIndex(needsLoad, tyre.loadIndex),
      });
    }
    const needsSpeed = minima
      .map((m) => m.speedRating)
      .filter((r): r is string => r !== null)
      .sort((a, b) => (SPEED_RATING_KMH[b] ?? 0) - (SPEED_RATING_KMH[a] ?? 0))[0];
    if (tyre.speedRating && needsSpeed && !speedAtLeast(tyre.speedRating, needsSpeed)) {
      const winter = isWinterTyre(tyre);
      findings.push({
        level: winter ? 'warning' : 'refusal',
        rule: winter ? 'winterSpeed' : 'speedRating',
        productId: tyre.productId,
        message: (winter ? fitmentWords.winterSpeed : fitmentWords.speedRating)(
          needsSpeed,
          tyre.speedRating,
        ),
      });
    }
  }
  findings.push(...axleFindings(car, byAxle, tyres));
  const law = WINTER_TYRE_LAWS.find(
    (l) => l.market === when.market && l.months.includes(monthOf(when.day)),
  );
  if (law) {
    for (const tyre of tyres) {
      if (!tyre.marks[law.needs] && tyre.season !== 'winter' && tyre.season !== 'all-season') {
        findings.push({
          level: 'warning',
          rule: 'winterLaw',
          productId: tyre.productId,
          message: fitmentWords.winterLaw(law, tyre.name),
        });
      }
    }
  }
  return findings.sort((a, b) => (a.level === b.level ? 0 : a.level === 'refusal' ? -1 : 1));
}

/** Different models on one axle; different tread on a four-wheel-drive car. */
function axleFindings(
  car: RuleCar,
  byAxle: Record<Axle, RuleTyre[]>,
  tyres: readonly RuleTyre[],
): Finding[] {
  const findings: Finding[] = [];
  const modelsOf = (list: readonly RuleTyre[]) => [...new Set(list.map((t) => tyreModel(t.name)))];
  if (isStaggered(car)) {
    for (const axle of ['front', 'rear'] as const) {
      const models = modelsOf(byAxle[axle]);
      if (models.length > 1) {
        findings.push({
          level: 'warning',
          rule: 'mixedAxle',
          productId: null,
          message: fitmentWords.mixedAxle(fitmentWords.axles[axle], models),
        });
      }
    }
  } else {
    // Both axles take the same size: a model in an odd number shares an axle with another.
    const count = new Map<string, number>();
    for (const t of tyres)
      count.set(tyreModel(t.name), (count.get(tyreModel(t.name)) ?? 0) + t.quantity);
    const models = [...count.keys()];
    if (models.length > 1 && [...count.values()].some((n) => n % 2 === 1)) {
      findings.push({
        level: 'warning',
        rule: 'mixedAxle',
        productId: null,
        message: fitmentWords.mixedAxle(fitmentWords.axles.both, models),
      });
    }
  }
  const models = modelsOf(tyres);
  if (car.fourWheelDrive && models.length > 1) {
    findings.push({
      level: 'warning',
      rule: 'fourWheelDrive',
      productId: null,
      message: fitmentWords.fourWheelDrive(models),
    });
  }
  return findings;
}
