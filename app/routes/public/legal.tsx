export default function Page() {
  return <main id="main"><h1>legal</h1></main>;
}
