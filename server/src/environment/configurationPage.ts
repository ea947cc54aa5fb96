import type { VariableSchema } from './kinds';
import { variables } from './variables';

/** Where the page lives, from the repository's root, and the command that writes it. */
export const PAGE_PATH = 'docs/configuration.md';
export const PAGE_COMMAND = 'npm run docs:config';

const code = (value: unknown) => `\`${String(value)}\``;

function defaultCell(schema: VariableSchema): string {
  const fallback = schema.default as unknown;
  const written =
    schema.defaultText ??
    (fallback === undefined
      ? 'unset'
      : Array.isArray(fallback)
        ? fallback.length === 0
          ? 'none'
          : code(fallback.join(','))
        : code(fallback));
  return schema.defaultNote ? `${written} (${schema.defaultNote})` : written;
}

const cell = (text: string) => text.replaceAll('|', '\\|');

/** A Markdown table padded as Prettier pads it, so `prettier --check` keeps the page as written. */
function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((title, column) =>
    Math.max(3, title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((text, column) => text.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}

/** docs/configuration.md, written from the schema of the environment (`variables.ts`). */
export function configurationPage(): string {
  const groups = new Map<string, string[][]>();
  for (const [name, property] of Object.entries(variables.properties)) {
    const schema = property as unknown as VariableSchema;
    const rows = groups.get(schema.group ?? 'Other') ?? [];
    rows.push(
      [
        code(name) + (schema.secret ? ' (secret)' : ''),
        defaultCell(schema),
        schema.expected,
        schema.description,
      ].map(cell),
    );
    groups.set(schema.group ?? 'Other', rows);
  }
  return [
    '# Configuration',
    '',
    `<!-- Generated from server/src/environment/variables.ts by \`${PAGE_COMMAND}\`: edit the schema, not this page. -->`,
    '',
    'Every setting is an environment variable, checked at start: a bad value stops the process with a',
    'message naming the variable and what it accepts. A blank value counts as unset. A refusal does not',
    'repeat the value of a secret.',
    ...[...groups].flatMap(([title, rows]) => [
      '',
      `## ${title}`,
      '',
      ...table(['Variable', 'Default', 'Accepts', 'Meaning'], rows),
    ]),
    '',
  ].join('\n');
}
