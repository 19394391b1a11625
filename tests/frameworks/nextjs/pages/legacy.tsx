export async function getServerSideProps() {
  return { props: {} };
}

export default function Legacy() {
  return <p>legacy</p>;
}
