export default defineEventHandler(() => ({ hello: "world" }));
