export const parameters = { layout: "centered" };
