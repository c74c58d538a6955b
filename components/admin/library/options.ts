import type { SelectOption } from "@/components/forms/choice-fields";

/** A select's options from a list of values and their labels, in the list's order. */
export const optionsOf = <V extends string>(
  values: readonly V[],
  labels: Record<V, string>,
): SelectOption[] => values.map((value) => ({ value, label: labels[value] }));

/** Options whose labels are the values themselves (the parks and towns). */
export const plainOptions = (values: readonly string[]): SelectOption[] =>
  values.map((value) => ({ value, label: value }));
