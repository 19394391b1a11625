export default function LeftoverPage() {
  return <p>not a SolidStart app: no router reads this folder</p>;
}
