const config = {
  root: true,
  rules: { "no-unused-vars": "warn" },
}
module.exports = config
