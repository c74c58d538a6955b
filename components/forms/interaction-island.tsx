"use client";

import {
  type ComponentType,
  createContext,
  lazy,
  Suspense,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";

/**
 * A form whose JavaScript a phone does not pay for while the page loads. The server renders the
 * real form (its HTML is in the page as usual); the browser keeps that HTML as it is, without
 * hydrating it, and loads the form's code on the first sign of use (a pointer over it, a touch,
 * focus, a key). The real form then replaces the static one, with what was typed meanwhile, the
 * focus and the caret kept, and a click or submit made before it was ready is replayed. The
 * react-hook-form, zod and field code of a form is thus only downloaded by someone who uses it.
 *
 * Opened by a client-side navigation (no server HTML to keep), the form loads at once. The same
 * works for any interactive part whose HTML the server renders in full (the tour page's tabs).
 */

/** What was typed into the static form before the real one took over, by field name. */
export const IslandValues = createContext<Readonly<Record<string, string>>>({});

/** The events that mean someone is about to use the form. */
const WAKE_EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"] as const;

/**
 * Elements are found again in the live form by their place among the island's elements: the
 * live form renders the same markup as the server did (ids made by useId differ).
 */
type Carried = {
  values: Record<string, string>;
  /** The focused element's place. */
  focused: number | null;
  selection: [number, number] | null;
  /** The place of a button pressed before the form was live. */
  clicked: number | null;
  submitted: boolean;
};

function placeOf(root: HTMLElement, element: Element): number | null {
  const place = [...root.querySelectorAll("*")].indexOf(element);
  return place === -1 ? null : place;
}

function elementAt(root: HTMLElement, place: number | null): HTMLElement | null {
  if (place === null) return null;
  const element = root.querySelectorAll("*")[place];
  return element instanceof HTMLElement ? element : null;
}

function snapshot(root: HTMLElement, clicked: number | null, submitted: boolean): Carried {
  const values: Record<string, string> = {};
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    "input[name], textarea[name]",
  )) {
    if (field instanceof HTMLInputElement && ["checkbox", "radio", "hidden"].includes(field.type))
      continue;
    values[field.name] = field.value;
  }
  const active = document.activeElement;
  const focused = active instanceof HTMLElement && root.contains(active) ? active : null;
  let selection: [number, number] | null = null;
  if (focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement) {
    try {
      if (focused.selectionStart !== null && focused.selectionEnd !== null)
        selection = [focused.selectionStart, focused.selectionEnd];
    } catch {
      // Inputs such as email do not expose a selection; focus alone is restored.
    }
  }
  return {
    values,
    focused: focused ? placeOf(root, focused) : null,
    selection,
    clicked,
    submitted,
  };
}

/** The static form, kept as the server rendered it until `wake` is called. */
function StaticForm({
  id,
  wakeWithin,
  onWake,
}: {
  id: string;
  wakeWithin?: string;
  onWake: (root: HTMLElement, clicked: number | null, submitted: boolean) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    let clicked: number | null = null;
    let submitted = false;
    const wake = () => onWake(root, clicked, submitted);
    const onSign = (event: Event) => {
      if (wakeWithin && !(event.target as Element | null)?.closest?.(wakeWithin)) return;
      wake();
    };
    // Nothing in the static form works yet: a click on one of its buttons (Submit, Next, or the
    // Enter key's implied click) or a submit waits for the real form, which then does it.
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest("button");
      if (!button || !root.contains(button)) return;
      event.preventDefault();
      clicked = placeOf(root, button);
      wake();
    };
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      submitted = true;
      wake();
    };
    for (const name of WAKE_EVENTS) root.addEventListener(name, onSign, { passive: true });
    root.addEventListener("click", onClick, true);
    root.addEventListener("submit", onSubmit, true);
    return () => {
      for (const name of WAKE_EVENTS) root.removeEventListener(name, onSign);
      root.removeEventListener("click", onClick, true);
      root.removeEventListener("submit", onSubmit, true);
    };
  }, [onWake, wakeWithin]);
  // Not hydrated: React keeps the server's HTML inside this element as it is.
  return (
    <div
      ref={ref}
      id={id}
      className="contents"
      dangerouslySetInnerHTML={{ __html: "" }}
      suppressHydrationWarning
    />
  );
}

/**
 * Makes the island component of a form: `load` imports the real form component (a dynamic
 * import, so that its code is a chunk of its own). The island takes the form's own props, which
 * must be serializable (they come from a server component).
 */
export function interactionIsland<P extends object>(
  load: () => Promise<ComponentType<P>>,
  /** Only signs of use inside these elements wake it (a CSS selector): the tab list, say. */
  { wakeWithin }: { wakeWithin?: string } = {},
) {
  const Lazy = lazy(async () => ({ default: await load() }));

  function Island(props: P) {
    const id = `island-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
    // The server's HTML is in the page when this renders during hydration; after a client-side
    // navigation it is not, and the real form is rendered straight away.
    const [hydrated] = useState(
      () => typeof document !== "undefined" && document.getElementById(id) !== null,
    );
    const [live, setLive] = useState<{ Form: ComponentType<P>; carried: Carried } | null>(null);
    const liveRef = useRef<HTMLDivElement>(null);
    // The static form reports each sign of use with the click or submit it holds back so far;
    // the first starts the load, the latest is what the real form replays.
    const pending = useRef<{ root: HTMLElement; clicked: number | null; submitted: boolean }>(null);
    const [wake] = useState(
      () => (root: HTMLElement, clicked: number | null, submitted: boolean) => {
        const first = pending.current === null;
        pending.current = { root, clicked, submitted };
        if (!first) return;
        load().then(
          (Form) => {
            const held = pending.current ?? { root, clicked, submitted };
            // Read the static form and swap it in one go: nothing typed in between is lost.
            const carried = snapshot(held.root, held.clicked, held.submitted);
            flushSync(() => setLive({ Form, carried }));
          },
          () => {
            // Offline, say: the next sign of use tries again.
            pending.current = null;
          },
        );
      },
    );

    useLayoutEffect(() => {
      const root = liveRef.current;
      if (!live || !root) return;
      const { selection, clicked, submitted } = live.carried;
      const focused = elementAt(root, live.carried.focused);
      if (focused) {
        focused.focus();
        if (
          selection &&
          (focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement)
        ) {
          try {
            focused.setSelectionRange(selection[0], selection[1]);
          } catch {
            // As above: not every input has a selection.
          }
        }
      }
      const pressed = elementAt(root, clicked);
      if (pressed) {
        // The whole press: some controls act on mousedown (Radix tabs), buttons on click.
        pressed.dispatchEvent(
          new MouseEvent("mousedown", { bubbles: true, cancelable: true, button: 0 }),
        );
        pressed.click();
      } else if (submitted) root.querySelector("form")?.requestSubmit();
    }, [live]);

    if (typeof window === "undefined") {
      return (
        <div id={id} className="contents">
          <Lazy {...props} />
        </div>
      );
    }
    if (live) {
      return (
        <div ref={liveRef} className="contents">
          <IslandValues value={live.carried.values}>
            <live.Form {...props} />
          </IslandValues>
        </div>
      );
    }
    if (hydrated) return <StaticForm id={id} wakeWithin={wakeWithin} onWake={wake} />;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }

  return Island;
}
