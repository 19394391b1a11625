import { siteName } from "../../lib/site";

export const revalidate = 60;

export async function generateMetadata() {
  return { title: siteName() };
}

export default function AboutPage() {
  return <h1>{siteName()}</h1>;
}
