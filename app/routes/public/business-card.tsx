export default function BusinessCard() {
  return <main id="main"><h1>Business card</h1></main>;
}
