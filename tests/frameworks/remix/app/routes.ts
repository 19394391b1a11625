export default [{ path: "/notes", file: "routes/notes.tsx" }];

export const extraRoutes = [];
