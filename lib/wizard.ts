import type { z } from "zod";

/** A step of a form wizard: its title and the fields it shows (for its Next button). */
export type WizardStep = { title: string; fields: readonly string[] };

/**
 * A wizard's steps from the zod object of each step: the fields of a step are its schema's keys,
 * so a field added to a step's schema is validated by that step's Next without a second list.
 */
export function wizardSteps(
  titles: readonly string[],
  schemas: readonly z.ZodObject[],
): WizardStep[] {
  return titles.map((title, index) => ({
    title,
    fields: Object.keys(schemas[index]?.shape ?? {}),
  }));
}

/** The step (0-based) that holds a field, for jumping to an error; 0 when none does. */
export function stepOfField(steps: readonly WizardStep[], field: string): number {
  return Math.max(
    0,
    steps.findIndex((step) => step.fields.includes(field)),
  );
}
