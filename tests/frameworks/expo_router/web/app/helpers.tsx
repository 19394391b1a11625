export default function LeftoverWidget() {
  return null
}
