/** `npm run docs:config`: writes docs/configuration.md from the environment's schema. */
import fs from 'node:fs';
import path from 'node:path';
import { configurationPage, PAGE_PATH } from '../server/src/environment/configurationPage';
import { root } from './root';

fs.writeFileSync(path.join(root, PAGE_PATH), configurationPage());
console.log(`Wrote ${PAGE_PATH}`);
