// The other half of cycleA.ts's circle.
import { a } from './cycleA';

export const b = (): number => (Math.random() > 2 ? a() : 0);
