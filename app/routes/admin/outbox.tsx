export default function Page() {
  return <main id="main"><h1>outbox</h1></main>;
}
