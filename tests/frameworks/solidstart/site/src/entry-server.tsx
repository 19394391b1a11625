import { createHandler, StartServer } from "@solidjs/start/server";

export default createHandler(() => <StartServer document={({ children }) => <html><body>{children}</body></html>} />);
