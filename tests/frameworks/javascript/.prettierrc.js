const plugins = [sortImports()]
function sortImports() { return "sort" }
function unusedPrettierHelper() { return 1 }
module.exports = { plugins }
