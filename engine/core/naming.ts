/**
 * Wire names (the specification's PascalCase: UserName, IsActive) and database names (snake_case:
 * user_name, is_active). The database layer converts every identifier and row with these; the low-code
 * core names a built form's properties so that they survive the round trip (see compose-form.ts).
 */
// Names repeat on every query and row, and there are few of them: convert each once.
const snakeNames = new Map<string, string>();
const pascalNames = new Map<string, string>();

export function toSnakeCase(name: string): string {
  let snake = snakeNames.get(name);
  if (snake === undefined) {
    snake = name === '*' || name.includes('"') ? name : name
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
      .toLowerCase();
    if (snakeNames.size < 10_000) snakeNames.set(name, snake);
  }
  return snake;
}

export function toPascalCase(name: string): string {
  let pascal = pascalNames.get(name);
  if (pascal === undefined) {
    pascal = name.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
    if (pascalNames.size < 10_000) pascalNames.set(name, pascal);
  }
  return pascal;
}
