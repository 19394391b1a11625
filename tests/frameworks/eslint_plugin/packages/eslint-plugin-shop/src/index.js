const noCart = require("./no-cart.js")

module.exports = { rules: { "no-cart": noCart } }
