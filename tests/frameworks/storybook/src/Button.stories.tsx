import { Button } from "./Button";

const meta = { component: Button };
export default meta;

export const Primary = { args: { label: "Go" } };

export const Secondary = { args: { label: "Back" } };
