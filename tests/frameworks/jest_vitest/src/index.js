import { fetchUser } from "./api.js";

export async function main() {
  return fetchUser(1);
}
