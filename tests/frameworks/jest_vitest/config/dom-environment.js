import NodeEnvironment from "jest-environment-node";

export default class DomEnvironment extends NodeEnvironment {
  async setup() {
    await super.setup();
  }
}
