export default function Page() {
  return <main id="main"><h1>login</h1></main>;
}
