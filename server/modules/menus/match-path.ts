/**
 * Whether a path is one a route pattern of the route table names ('/user/update/:id' names '/user/update/7'). A last
 * segment ':id?' is optional: '/page/create/:id?' names '/page/create/0', '/page/create/' and '/page/create'.
 */
export function matchPath(pattern: string, path: string): boolean {
  const parts = pattern.split('/');
  const given = path.replace(/\/$/, '').split('/');
  if (parts.at(-1)?.endsWith('?') && given.length === parts.length - 1) given.push('');
  if (parts.length !== given.length) return false;
  return parts.every((part, i) => {
    if (!part.startsWith(':')) return part.toLowerCase() === given[i].toLowerCase();
    return given[i] !== '' || part.endsWith('?');
  });
}
