export default function Page() {
  return <main id="main"><h1>packages</h1></main>;
}
