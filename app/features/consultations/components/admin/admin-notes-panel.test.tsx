import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AdminNotesPanel } from "./admin-notes-panel.tsx";

// Deleting a note asks first, without JavaScript too (docs/product.md §3.5): the bin is a link
// to ?deleteNote=<index>, which shows the question with the confirmed delete and 'Keep it'.

const id = "6f1c7a1e-8a52-4d43-9a55-5d0b1f0e2b11";
const notes = [
  { datetime: "2026-03-01T08:00:00.000Z", note: "Called the client.", admin_name: "Zanele Dube" },
  { datetime: "2026-03-02T08:00:00.000Z", note: "Sent the checklist.", admin_name: "Pieter Botha" },
];

function render(search: string) {
  const Stub = createRoutesStub([{ path: "/admin/consultations", Component: () => <AdminNotesPanel consultationId={id} notes={notes} version={3} /> }]);
  return renderToString(<Stub initialEntries={[`/admin/consultations${search}`]} />).replaceAll("<!-- -->", "");
}

describe("deleting an admin note", () => {
  it("offers a link per note that asks first, and no form that deletes at once", () => {
    const html = render(`?view=${id}`);
    expect(html).toContain(`href="/admin/consultations?view=${id}&amp;deleteNote=1"`);
    expect(html).toContain("Delete note 2 by Pieter Botha");
    expect(html).not.toContain('value="delete-note"');
  });

  it("shows the question at that note: 'Delete note' posts the confirmed delete to the page without the question, 'Keep it' goes back", () => {
    const html = render(`?view=${id}&deleteNote=1`);
    expect(html).toMatch(/role="group" aria-labelledby="delete-note-1-question"/);
    expect(html).toContain("Delete this note by Pieter Botha? It cannot be undone.");
    const form = html.match(/<form[^>]*>[\s\S]*?<\/form>/)?.[0] ?? "";
    expect(form).toContain(`action="/admin/consultations?view=${id}"`);
    for (const field of ['name="intent" value="delete-note"', 'name="version" value="3"', 'name="index" value="1"', 'name="confirm" value="delete"', `name="noteDatetime" value="${notes[1]!.datetime}"`]) {
      expect(form).toContain(field);
    }
    expect(form).toContain(">Delete note<");
    expect(form).toMatch(new RegExp(`href="/admin/consultations\\?view=${id}"[^>]*>Keep it<`));
    // Only the note being deleted asks.
    expect(html.match(/Delete this note/g)).toHaveLength(1);
  });
});
