export function loader() {
  return new Response("BEGIN:VCARD\r\nVERSION:3.0\r\nEND:VCARD\r\n", { headers: { "Content-Type": "text/vcard" } });
}
