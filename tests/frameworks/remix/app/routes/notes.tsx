import { listNotes } from "../notes.server";

export async function loader() {
  return listNotes();
}

export async function action() {
  return null;
}

export function meta() {
  return [{ title: "Notes" }];
}

export function ErrorBoundary() {
  return <p>error</p>;
}

export default function Notes() {
  return <ul />;
}

function unusedNoteTitle(): string {
  return "note";
}
