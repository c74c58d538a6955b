import { trivialAction } from "./actions";

// A form whose action is the trivial one: the page that makes the build give the action an id.
export default function ActionPage() {
  return (
    <main>
      <form action={trivialAction}>
        <button type="submit">Send</button>
      </form>
    </main>
  );
}
