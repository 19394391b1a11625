function unusedHelper() {
  return 1
}

module.exports = {
  create(context) {
    return { Identifier(node) { if (node.name === "cart") context.report({ node, message: "no cart" }) } }
  },
}
