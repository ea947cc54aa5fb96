import type { ProductFacetsQuery, ProductPageQuery } from '@contract/products';

/**
 * The query string of a catalogue call: a list is the parameter repeated
 * (`season=winter&season=all-season`, as the API reads it), left-out values are left out.
 */
export function productQueryString(args: ProductPageQuery | ProductFacetsQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || value === null) continue;
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const one of values) params.append(name, String(one));
  }
  return params.toString();
}
