import { toOpenApi30, toOpenApi30Schema } from '../src/docs/publish';

describe('publishing schemas as OpenAPI 3.0', () => {
  it('renames keywords OpenAPI 3.0 lacks to x- extensions, at any depth', () => {
    const schema = {
      $id: 'Body',
      type: 'object',
      label: 'Order',
      properties: {
        number: { type: 'string', pattern: '^[0-9]+$', errorMessage: 'must be digits' },
        items: {
          type: 'array',
          items: { anyOf: [{ type: 'string', label: 'Line' }, { type: 'integer' }] },
        },
        // A property may be called like a keyword: property names are never renamed.
        errorMessage: { type: 'string', 'x-kept': true },
      },
      additionalProperties: { type: 'string', fieldLabel: 'Extra' },
    };
    expect(toOpenApi30Schema(schema)).toEqual({
      type: 'object',
      'x-label': 'Order',
      properties: {
        number: { type: 'string', pattern: '^[0-9]+$', 'x-errorMessage': 'must be digits' },
        items: {
          type: 'array',
          items: { anyOf: [{ type: 'string', 'x-label': 'Line' }, { type: 'integer' }] },
        },
        errorMessage: { type: 'string', 'x-kept': true },
      },
      additionalProperties: { type: 'string', 'x-fieldLabel': 'Extra' },
    });
  });

  it('translates the JSON Schema keywords that have a 3.0 spelling', () => {
    expect(
      toOpenApi30Schema({
        type: 'number',
        const: 3,
        exclusiveMinimum: 0,
        exclusiveMaximum: 10,
        examples: [3, 4],
        $comment: 'dropped',
      }),
    ).toEqual({
      type: 'number',
      enum: [3],
      minimum: 0,
      maximum: 10,
      exclusiveMinimum: true,
      exclusiveMaximum: true,
      example: 3,
    });
  });

  it('reaches every schema of a document and leaves the input as it was', () => {
    const loose = () => ({ type: 'string', errorMessage: 'm' });
    const document = {
      openapi: '3.0.3',
      components: { schemas: { A: loose() } },
      paths: {
        '/x/{id}': {
          post: {
            operationId: 'x',
            parameters: [{ name: 'id', in: 'path', schema: loose() }],
            requestBody: { content: { 'application/json': { schema: loose(), example: 'e' } } },
            responses: {
              200: {
                description: 'ok',
                headers: { ETag: { schema: loose() } },
                content: { 'application/json': { schema: loose() } },
              },
            },
          },
        },
      },
    };
    const before = structuredClone(document);
    const published = JSON.stringify(toOpenApi30(document));
    expect(published).not.toContain('"errorMessage"');
    expect(published.match(/"x-errorMessage"/g)).toHaveLength(5);
    expect(published).toContain('"example":"e"');
    expect(document).toEqual(before);
  });
});
