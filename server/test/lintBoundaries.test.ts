import { ESLint } from 'eslint';
import path from 'node:path';

/**
 * The boundaries `eslint.config.mjs` enforces fire on code that crosses them (and `npm run lint`
 * passes on the tree, so the tree crosses none).
 */
const root = path.resolve(__dirname, '../..');
// The fixtures are ignored by `npm run lint`; here they are linted on purpose.
const eslint = new ESLint({ cwd: root, ignore: false });

async function problems(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('lint boundaries', () => {
  jest.setTimeout(60_000);

  it('refuses a feature importing another feature', async () => {
    expect(
      await problems(
        "import { SORT_LABELS } from '../catalog/shopLabels';\nexport const x = SORT_LABELS;\n",
        'src/features/admin/crossing.ts',
      ),
    ).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: .*A feature does not import another feature/,
      ),
    ]);
  });

  it('lets a feature import its own files, ui, shared code and store', async () => {
    expect(
      await problems(
        "import { count } from './shopLabels';\nimport { Button } from '../../ui/Button';\nimport { api } from '../../store/api';\nimport { AddToBag } from '../../shared/products/AddToBag';\nexport const x = [count, Button, api, AddToBag];\n",
        'src/features/catalog/fine.ts',
      ),
    ).toEqual([]);
  });

  it('refuses a feature importing the app, and lets its tests mount the app', async () => {
    const importsApp = "import { routes } from '../../app/routes';\nexport const x = routes;\n";
    for (const file of ['src/features/auth/crossing.ts', 'src/features/auth/Crossing.tsx']) {
      expect(await problems(importsApp, file)).toEqual([
        expect.stringMatching(
          /^import-x\/no-restricted-paths: .*A feature does not import the app/,
        ),
      ]);
    }
    expect(await problems(importsApp, 'src/features/auth/fine.test.tsx')).toEqual([]);
  });

  it('refuses shared code importing a feature or the app', async () => {
    expect(
      await problems(
        "import { SORT_LABELS } from '../../features/catalog/shopLabels';\nimport { routes } from '../../app/routes';\nexport const x = [SORT_LABELS, routes];\n",
        'src/shared/bag/crossing.ts',
      ),
    ).toEqual([
      expect.stringMatching(/src\/shared serves the features and the app, and imports neither/),
      expect.stringMatching(/src\/shared serves the features and the app, and imports neither/),
    ]);
  });

  it('refuses ui importing the store, shared code or the app', async () => {
    const primitivesOnly = /src\/ui holds primitives: it imports no store/;
    for (const from of ['../store/hooks', '../shared/bag/addToBag', '../app/routes']) {
      expect(
        await problems(
          `import * as x from '${from}';\nexport const y = x;\n`,
          'src/ui/crossing.ts',
        ),
      ).toEqual([expect.stringMatching(primitivesOnly)]);
    }
    expect(
      await problems(
        "import { Button } from './Button';\nimport { copy } from '@contract/copy';\nexport const x = [Button, copy];\n",
        'src/ui/fine.ts',
      ),
    ).toEqual([]);
  });

  it('refuses ui importing a feature, and the SPA importing the server', async () => {
    expect(
      await problems(
        "import { SORT_LABELS } from '../features/catalog/shopLabels';\nexport const x = SORT_LABELS;\n",
        'src/ui/crossing.ts',
      ),
    ).toEqual([expect.stringMatching(/src\/ui serves every feature and imports none/)]);
    expect(
      await problems(
        "import { loadConfig } from '../../server/src/config';\nexport const x = loadConfig;\n",
        'src/store/crossing.ts',
      ),
    ).toEqual([expect.stringMatching(/The SPA does not import the server/)]);
  });

  it('refuses the server importing the SPA, and lets it import its contract', async () => {
    expect(
      await problems(
        "import { copy } from '../../../src/store/api';\nexport const x = copy;\n",
        'server/src/routes/crossing.ts',
      ),
    ).toEqual([expect.stringMatching(/The server does not import the SPA/)]);
    expect(
      await problems(
        "import { copy } from '../../../contract/copy';\nexport const x = copy;\n",
        'server/src/routes/fine.ts',
      ),
    ).toEqual([]);
  });

  it('refuses a server domain module importing the HTTP layer, and lets a route', async () => {
    const code = "import { HttpError } from '../http/errors';\nexport const x = HttpError;\n";
    expect(await problems(code, 'server/src/orders/crossing.ts')).toEqual([
      expect.stringMatching(/Server domain modules do not import http\//),
    ]);
    expect(await problems(code, 'server/src/routes/fine.ts')).toEqual([]);
  });

  it('refuses the contract importing anything but TypeBox and its own files', async () => {
    const refused = /no-restricted-imports: .*The contract imports nothing but TypeBox/;
    for (const from of ['react', '../src/store/api', '../server/src/config', '@contract/copy']) {
      expect(
        await problems(
          `import * as x from '${from}';\nexport const y = x;\n`,
          'contract/crossing.ts',
        ),
      ).toEqual([expect.stringMatching(refused)]);
    }
    expect(
      await problems(
        "import { Type } from '@sinclair/typebox';\nimport { copy } from './copy';\nexport const x = [Type, copy];\n",
        'contract/fine.ts',
      ),
    ).toEqual([]);
  });

  it('lets the SPA import the contract', async () => {
    expect(
      await problems(
        "import { copy } from '@contract/copy';\nexport const x = copy;\n",
        'src/features/catalog/fine.ts',
      ),
    ).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    const [result] = await eslint.lintFiles([path.join(root, 'src/test/lintFixtures/cycleA.ts')]);
    expect(result?.messages.map((message) => message.ruleId)).toEqual(['import-x/no-cycle']);
  });
});
