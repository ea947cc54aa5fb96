import { sizedImage } from './imageSize';

describe('sizedImage', () => {
  it('asks the API for the size shown, for the store’s own uploads only', () => {
    const id = '0b8e3c52-7a4d-4f1e-9c3b-000000000601';
    expect(sizedImage(`/api/images/${id}`, 'card')).toBe(`/api/images/${id}/card`);
    expect(sizedImage(`/api/images/${id}`, 'avatar')).toBe(`/api/images/${id}/avatar`);
    expect(sizedImage('/images/products/summer-tyre.svg', 'card')).toBe(
      '/images/products/summer-tyre.svg',
    );
    expect(sizedImage('https://i.ibb.co/abc/p.webp', 'details')).toBe(
      'https://i.ibb.co/abc/p.webp',
    );
  });
});
