/**
 * `npm run machines`: for each machine of the checkout and of an order's life after it, its states, the events it reacts to and every
 * shortest path as steps QA can replay by hand in the store.
 */
import { models } from '../src/test/machines/checkoutModels';
import {
  describePath,
  describeState,
  eventTypes,
  FEW_SIMPLE_PATHS,
  shortestPaths,
  simplePaths,
  stateNames,
  type MachineModel,
  type ModelPath,
} from '../src/test/machines/machineModel';

function printPaths(model: MachineModel, paths: ModelPath[], name: string) {
  paths.forEach((path, index) => {
    console.log(`\n  ${name} ${index + 1} to ${describeState(model, path.state)}`);
    if (model.describeInput) console.log(`     (${model.describeInput(path.input)})`);
    for (const line of describePath(model, path)) console.log(`     ${line}`);
  });
}

function main() {
  for (const model of models) {
    const paths = shortestPaths(model);
    console.log(`\n━━ ${model.name} ━━`);
    console.log(`States: ${stateNames(model.machine).join(', ')}`);
    console.log(`Events: ${eventTypes(model.machine).join(', ')}`);
    console.log(`Shortest paths (${paths.length}):`);
    printPaths(model, paths, 'Path');
    const simple = simplePaths(model);
    if (simple) {
      console.log(`\nSimple paths, each as long as it goes (${simple.length}):`);
      printPaths(model, simple, 'Simple path');
    } else {
      console.log(
        `\nSimple paths: more than ${FEW_SIMPLE_PATHS}, so only the shortest are replayed.`,
      );
    }
  }
}

main();
