import type { RenderedPage } from '../../contract/renderedPages';
import { PageTemplate } from '../src/http/pageTemplate';

const INDEX_HTML =
  '<!doctype html><html lang=en><head><meta name=description content="The default.">' +
  '<title>Store</title></head><body><div id=root></div></body></html>';

const page = (extra: Partial<RenderedPage>): RenderedPage => ({
  status: 200,
  title: 'Compare | Store',
  description: null,
  preloadImage: null,
  styles: '',
  body: '<p>page</p>',
  state: '{}',
  chunk: 'model',
  shows: [],
  year: 2026,
  ...extra,
});

describe('the HTML of a server-rendered page', () => {
  const template = new PageTemplate(INDEX_HTML, {});
  const robots = '<meta name="robots" content="noindex">';

  it('tells search engines to leave out a page not for them (a shared comparison)', () => {
    expect(template.fill(page({ noindex: true }))).toContain(`${robots}</head>`);
    expect(template.fill(page({}))).not.toContain('robots');
  });
});
