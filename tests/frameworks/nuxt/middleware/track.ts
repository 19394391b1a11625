export default function track() {
  return navigateTo("/")
}
