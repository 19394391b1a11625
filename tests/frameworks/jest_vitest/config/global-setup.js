export default async function globalSetup() {
  process.env.TZ = "UTC";
}
