/* eslint shop/no-cart: "error" */

class CartSample {
  constructor() {
    this.cart = []
  }

  add(item) {
    this.cart.push(item)
  }
}

function cartTotal(cart) {
  return cart.length
}
