export default { entries: ["src/index.js"] };

export const extra = { minify: true };
