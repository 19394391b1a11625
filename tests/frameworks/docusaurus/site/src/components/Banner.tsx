export function Banner() {
  return <div>beta</div>
}

export function UnusedBadge() {
  return <span>new</span>
}
