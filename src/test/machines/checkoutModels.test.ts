import { flatStateNodes, statePaths } from './flatMachine';
import { describePath, eventTypes, shortestPaths, stateName, stateNames } from './machineModel';
import { models } from './checkoutModels';

describe.each(models.map((model) => [model.name, model] as const))(
  'the %s model QA replays',
  (_name, model) => {
    const paths = shortestPaths(model);

    it('reaches every state of the machine', () => {
      const reached = new Set<string>();
      for (const path of paths) {
        for (const name of statePaths(path.state.value)) reached.add(name);
      }
      // Transient states (the order modal's validating) are passed through, never rested in.
      const resting = flatStateNodes(model.machine)
        .filter((node) => !node.transient)
        .map((node) => node.path.join('.'));
      expect([...reached].filter(Boolean).sort()).toEqual(resting.sort());
    });

    it('takes every event the machine reacts to', () => {
      const taken = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)));
      const reacted = eventTypes(model.machine).filter((type) => type !== '(always)');
      expect([...taken].sort()).toEqual(reacted);
    });

    it('describes every step in words', () => {
      for (const path of paths) {
        for (const line of describePath(model, path))
          expect(line).not.toMatch(/undefined|\[object/);
      }
      expect(stateNames(model.machine).length).toBeGreaterThan(2);
      expect(stateName(paths[0]!.state.value)).toBeTruthy();
    });
  },
);
