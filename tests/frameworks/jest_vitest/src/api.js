export function fetchUser(id) {
  return fetch(`/users/${id}`);
}

export function unusedFetchAll() {
  return fetch("/users");
}
