import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import { configurationPage, PAGE_COMMAND, PAGE_PATH } from '../src/environment/configurationPage';
import type { VariableSchema } from '../src/environment/kinds';
import { variables } from '../src/environment/variables';

/** The configuration's schema is its one description: the page and the refusals come from it. */

describe('docs/configuration.md', () => {
  it(`is what the schema generates (${PAGE_COMMAND} writes it)`, () => {
    const committed = fs.readFileSync(path.resolve(__dirname, '../..', PAGE_PATH), 'utf8');
    expect(committed).toBe(configurationPage());
  });
});

describe('each variable of the schema', () => {
  const checked = Object.entries(variables.properties).filter(([, property]) => {
    const schema = property as unknown as VariableSchema;
    return schema.type !== 'string' || 'format' in schema || 'minLength' in schema;
  });

  it('is checked unless it is free text', () => {
    expect(checked.length).toBeGreaterThan(30);
  });

  it.each(checked)('%s is refused in words naming it, a secret without its value', (name) => {
    const wrong = 'not right';
    let error: unknown;
    try {
      loadConfig({ [name]: wrong });
    } catch (err) {
      error = err;
    }
    const schema = variables.properties[name as keyof typeof variables.properties];
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(name);
    expect((error as ConfigError).message).toBe(
      `Invalid environment variable ${name}: expected ${(schema as unknown as VariableSchema).expected}` +
        ((schema as unknown as VariableSchema).secret ? '' : `, got "${wrong}"`),
    );
  });
});
