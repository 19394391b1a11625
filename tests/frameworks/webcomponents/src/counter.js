class CounterElement extends HTMLElement {
  static observedAttributes = ["count"];

  connectedCallback() {
    this.render();
  }

  disconnectedCallback() {
    this.innerHTML = "";
  }

  attributeChangedCallback(name, oldValue, newValue) {
    this.render();
  }

  adoptedCallback() {}

  render() {
    this.textContent = this.getAttribute("count");
  }

  reset() {
    this.setAttribute("count", "0");
  }
}

customElements.define("x-counter", CounterElement);

function formatCount(value) {
  return `#${value}`;
}
