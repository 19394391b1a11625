export function links() {
  return [];
}

export default function App() {
  return <html />;
}
