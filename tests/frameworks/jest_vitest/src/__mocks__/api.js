export function fetchUser(id) {
  return Promise.resolve({ id });
}
