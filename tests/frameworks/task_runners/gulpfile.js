import { clean } from "./src/clean.js";

export function build(done) {
  clean();
  done();
}

export default build;
