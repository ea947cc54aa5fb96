import {
  fitmentFindings,
  isStaggered,
  ruleTyreOf,
  tyreModel,
} from '../../../contract/fitmentRules';
import type { Product } from '../../../contract/products';
import type { TyreSet } from '../../../contract/tyreSets';
import { formatTyreSize } from '../../../contract/tyreSize';
import type { Vehicle } from '../../../contract/vehicles';

/**
 * The sets a staggered car is offered (issue 50): two front and two rear tyres, the same model
 * where the catalogue has it in both sizes, else the best rear beside the front (never on a
 * four-wheel-drive car, which needs one tread all round). Only tyres the car's load index and
 * speed rating allow; OE-marked sets first.
 */

const PER_AXLE = 2;
const sizeOf = (p: Product) => formatTyreSize({ width: p.width!, aspect: p.aspect!, rim: p.rim! });

/** Whether the car takes this tyre with no refusal (its load index and speed rating). */
const allowed = (car: Vehicle, product: Product) =>
  !fitmentFindings(car, [ruleTyreOf(product, PER_AXLE)], { market: '', day: '' }).some(
    (f) => f.level === 'refusal',
  );

/** The order tyres are offered in: the car's OE-marked ones first, then the cheapest. */
const offeredFirst = (car: Vehicle) => {
  const marked = (p: Product) => car.oeMarks.includes(p.marks.oeMark ?? '');
  return (a: Product, b: Product) => Number(marked(b)) - Number(marked(a)) || a.price - b.price;
};

/** Per model, the tyre to offer. */
function bestByModel(car: Vehicle, list: Product[]): Map<string, Product> {
  const best = new Map<string, Product>();
  for (const p of [...list].sort(offeredFirst(car))) {
    const model = tyreModel(p.name);
    if (!best.has(model)) best.set(model, p);
  }
  return best;
}

export function tyreSetsOf(car: Vehicle, tyres: readonly Product[]): TyreSet[] {
  if (!isStaggered(car)) return [];
  const front = formatTyreSize(car.front);
  const rear = formatTyreSize(car.rear);
  const usable = tyres.filter((p) => p.category === 'tyre' && p.width !== null && allowed(car, p));
  const fronts = bestByModel(
    car,
    usable.filter((p) => sizeOf(p) === front),
  );
  const rears = bestByModel(
    car,
    usable.filter((p) => sizeOf(p) === rear),
  );
  const marked = (p: Product) => car.oeMarks.includes(p.marks.oeMark ?? '');
  const rearList = [...rears.values()].sort(offeredFirst(car));
  const sets: TyreSet[] = [];
  for (const [model, f] of fronts) {
    const r = rears.get(model) ?? (car.fourWheelDrive ? undefined : rearList[0]);
    if (!r) continue;
    const sameModel = tyreModel(r.name) === model;
    const oeMark =
      marked(f) && marked(r) && f.marks.oeMark === r.marks.oeMark ? f.marks.oeMark : null;
    sets.push({
      title: `${PER_AXLE} × ${front} front + ${PER_AXLE} × ${rear} rear`,
      model: sameModel ? model : null,
      oeMark,
      lines: [
        { axle: 'front', quantity: PER_AXLE, product: f },
        { axle: 'rear', quantity: PER_AXLE, product: r },
      ],
      price: Math.round(PER_AXLE * (f.price + r.price) * 100) / 100,
    });
  }
  return sets.sort(
    (a, b) =>
      Number(b.oeMark !== null) - Number(a.oeMark !== null) ||
      Number(b.model !== null) - Number(a.model !== null) ||
      a.price - b.price,
  );
}
