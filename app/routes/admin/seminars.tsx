export default function Page() {
  return <main id="main"><h1>seminars</h1></main>;
}
