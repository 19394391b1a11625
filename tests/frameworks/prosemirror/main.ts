import { EditorView } from "prosemirror-view";

class ImageView {
  dom: HTMLElement;

  constructor() {
    this.dom = document.createElement("img");
  }

  stopEvent() {
    return true;
  }

  ignoreMutation() {
    return true;
  }

  unusedHelper() {
    return 1;
  }
}

const view = new EditorView(document.body, { nodeViews: { image: () => new ImageView() } } as never);
console.log(view);
