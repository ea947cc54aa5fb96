// Breaks the no-cycle rule on purpose: server/test/lintBoundaries.test.ts proves the rule fires.
import { b } from './cycleB';

export const a = (): number => b() + 1;
