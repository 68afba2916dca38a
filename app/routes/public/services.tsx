export default function Page() {
  return <main id="main"><h1>services</h1></main>;
}
