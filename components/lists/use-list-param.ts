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
  const set = (value: string | null, options?: Options) =>
    setParams(
      {
        [param]: value === null || value === defaultValue ? null : value,
        page: null,
        ...Object.fromEntries(resetKeys.map((key) => [key, null])),
      },
      options,
    );
  return { value: params[param] ?? defaultValue, set, pending };
}
