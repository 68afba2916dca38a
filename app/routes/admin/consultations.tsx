export default function Page() {
  return <main id="main"><h1>consultations</h1></main>;
}
