module.exports = {
  globalSetup: "<rootDir>/config/global-setup.js",
  setupFilesAfterEnv: ["./test/setup-env.js"],
  testEnvironment: "./config/dom-environment.js",
};
