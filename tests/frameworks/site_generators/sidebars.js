export const docs = ["intro"];
