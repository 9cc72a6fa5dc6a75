/**
 * A report query's text read as PostgreSQL's lexer reads it, so that only the `:name` placeholders in code count:
 * not a colon in a string ('12:30'), a quoted identifier, a dollar-quoted body or a comment, and not a cast (::).
 */
export interface ScannedSql {
  /** The placeholders' names, in order of first use. */
  names: string[];
  /** The text for knex's named bindings: placeholders kept, every other colon-word and every '?' escaped. */
  knexSql: string;
  /** The text for the parser: each placeholder as $n (one number per name). */
  parseSql: string;
  /** A placeholder followed by a single colon (knex would read `:name:` as an identifier binding). */
  problems: string[];
}

const wordStart = /[A-Za-z_]/;
const wordChar = /\w/;

/** The end (exclusive) of the quoted or commented run starting at i, or -1 when none starts there. */
function skipQuoted(sql: string, i: number): number {
  const c = sql[i];
  const next = sql[i + 1];
  if (c === '-' && next === '-') { const end = sql.indexOf('\n', i); return end < 0 ? sql.length : end; }
  if (c === '/' && next === '*') {
    let depth = 1;
    let j = i + 2;
    while (j < sql.length && depth) {
      if (sql.startsWith('/*', j)) { depth++; j += 2; } else if (sql.startsWith('*/', j)) { depth--; j += 2; } else j++;
    }
    return j;
  }
  if (c === "'" || c === '"') {
    const escapes = c === "'" && /[eE]/.test(sql[i - 1] ?? '') && !wordChar.test(sql[i - 2] ?? '');
    let j = i + 1;
    while (j < sql.length) {
      if (escapes && sql[j] === '\\') { j += 2; continue; }
      if (sql[j] === c) { if (sql[j + 1] === c) { j += 2; continue; } return j + 1; }
      j++;
    }
    return sql.length;
  }
  if (c === '$' && !wordChar.test(sql[i - 1] ?? '')) {
    const tag = /^\$([A-Za-z_]\w*)?\$/.exec(sql.slice(i));
    if (!tag) return -1;
    const end = sql.indexOf(tag[0], i + tag[0].length);
    return end < 0 ? sql.length : end + tag[0].length;
  }
  return -1;
}

/** Escapes what knex would otherwise read inside quoted text: a colon before a word, and a question mark. */
const escapeForKnex = (text: string) => text.replace(/:(?=\w)/g, '\\:').replace(/\?/g, '\\?');

export function scanSql(sql: string): ScannedSql {
  const names: string[] = [];
  const problems: string[] = [];
  let knexSql = '';
  let parseSql = '';
  let i = 0;
  while (i < sql.length) {
    const end = skipQuoted(sql, i);
    if (end > i) {
      const run = sql.slice(i, end);
      knexSql += escapeForKnex(run);
      parseSql += run;
      i = end;
      continue;
    }
    const c = sql[i];
    // A cast: its type name must not be read by knex as a placeholder of the same name (:date in ::date): PostgreSQL allows a space after the ::.
    if (c === ':' && sql[i + 1] === ':') { knexSql += wordChar.test(sql[i + 2] ?? '') ? ':: ' : '::'; parseSql += '::'; i += 2; continue; }
    if (c === ':' && wordStart.test(sql[i + 1] ?? '')) {
      let j = i + 1;
      while (j < sql.length && wordChar.test(sql[j])) j++;
      const name = sql.slice(i + 1, j);
      if (sql[j] === ':' && sql[j + 1] !== ':') problems.push(`:${name}: is not a placeholder (write :${name}::type for a cast)`);
      if (!names.includes(name)) names.push(name);
      knexSql += `:${name}`;
      parseSql += `$${names.indexOf(name) + 1}`;
      i = j;
      continue;
    }
    knexSql += c === '?' ? '\\?' : c === ':' && wordChar.test(sql[i + 1] ?? '') ? '\\:' : c;
    parseSql += c;
    i++;
  }
  return { names, knexSql, parseSql, problems };
}
