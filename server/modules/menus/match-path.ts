/** Whether a path is one a route pattern of the route table names ('/user/update/:id' names '/user/update/7'). */
export function matchPath(pattern: string, path: string): boolean {
  const parts = pattern.split('/');
  const given = path.split('/');
  if (parts.length !== given.length) return false;
  return parts.every((part, i) => (part.startsWith(':') ? given[i] !== '' : part.toLowerCase() === given[i].toLowerCase()));
}
