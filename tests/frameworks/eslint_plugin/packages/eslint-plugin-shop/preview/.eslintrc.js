module.exports = {
  extends: ["plugin:shop/recommended"],
  plugins: ["shop"],
}
