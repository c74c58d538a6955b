"use client";

import { type Options, parseAsString, useQueryStates } from "nuqs";
import { useTransition } from "react";

/**
 * One list filter's value in the URL parameter `param` (the server renders the list for it, so
 * no shallow update). Setting it goes back to page 1 and drops `resetKeys` (an open dialog); an
 * empty or default value leaves the parameter out. `pending` is true while the new list renders.
 */
export function useListParam(param: string, resetKeys: string[] = [], defaultValue = "") {
  const [pending, startTransition] = useTransition();
  const [params, setParams] = useQueryStates(
    {
      [param]: parseAsString.withDefault(defaultValue),
      page: parseAsString,
      ...Object.fromEntries(resetKeys.map((key) => [key, parseAsString])),
    },
    { shallow: false, scroll: false, history: "replace", startTransition },
  );
  const set = (value: string | null, options?: Options) => {
    // Only the parameters in the URL are cleared: nuqs debounces each parameter on its own, and a
    // second one's write, a moment after the first, would put back the URL of that moment over a
    // link followed in between (Clear filters right after a search). So a debounced search
    // carries its own parameter alone, and the page or dialog it closes go at once.
    const resets = Object.fromEntries(
      ["page", ...resetKeys].filter((key) => params[key] !== null).map((key) => [key, null]),
    );
    const update = { [param]: value === null || value === defaultValue ? null : value };
    if (options?.limitUrlUpdates?.method !== "debounce")
      return setParams({ ...update, ...resets }, options);
    if (Object.keys(resets).length > 0) void setParams(resets);
    return setParams(update, options);
  };
  return { value: params[param] ?? defaultValue, set, pending };
}
