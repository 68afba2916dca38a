export default function Page() {
  return <main id="main"><h1>users</h1></main>;
}
