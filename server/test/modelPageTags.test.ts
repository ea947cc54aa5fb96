import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import { tyreModels } from '../src/db/schema';
import { eventually } from './eventually';
import { renderNumber, standInSpa } from './standInSpa';
import { startTestApp, type TestApp } from './testApp';

/**
 * A stand-in renderer tagging its pages as the real one does (src/ssr/renderPage.test.tsx): a
 * model's page shows `Model:<id>`, the landing page a list of products. Each page numbers its
 * renders.
 */
const TAGGING_RENDERER = `
let renders = 0;
exports.createPageRenderer = () => ({
  address: (url) => ({ canonical: url, moved: false, oneOfMany: url.startsWith('/model/') }),
  async render(url) {
    renders += 1;
    const shows = url.startsWith('/model/') ? ['Model:' + url.slice(7)] : ['Product:LIST'];
    return {
      shows, status: 200, title: 'Store', description: null, preloadImage: null, styles: '',
      body: '<p>render ' + renders + '</p>', state: '{}', chunk: 'model',
      year: new Date().getUTCFullYear(),
    };
  },
  publicPaths: () => ['/'],
});
`;

describe("a model's pages kept until its pictures change (migration 0043)", () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = standInSpa('store-model-tags-', TAGGING_RENDERER);
    t = await startTestApp({ spaDir: dir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const renderOf = (url: string) => renderNumber(t, url);

  it("renders again only that model's pages when a picture is added, moved or removed", async () => {
    const [one, other] = await t.db.select({ id: tyreModels.id }).from(tyreModels).limit(2);
    const pages = ['/', `/model/${one!.id}`, `/model/${other!.id}`];
    const renders = async () => Promise.all(pages.map(renderOf));
    const before = await renders();
    expect(await renders()).toEqual(before);

    await t.db.execute(sql`insert into model_pictures (model_id, url, alt, position)
      values (${one!.id}, '/images/products/summer-tyre.svg', 'The tread', 0)`);
    expect(await eventually(async () => (await renderOf(pages[1]!)) > before[1]!, true)).toBe(true);
    const after = await renders();
    expect(after[0]).toBe(before[0]);
    expect(after[2]).toBe(before[2]);

    await t.db.execute(sql`delete from model_pictures where model_id = ${one!.id}`);
    expect(await eventually(async () => (await renderOf(pages[1]!)) > after[1]!, true)).toBe(true);
  });
});
