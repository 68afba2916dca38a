export default function Page() {
  return <main id="main"><h1>bookings</h1></main>;
}
