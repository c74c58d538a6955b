import { expect, type Locator } from "@playwright/test";

import { PageObject } from "./page-object";
import { Toasts } from "./toasts";

/** A day of a proposal as staff type it: its title, where it ends, and its lines. */
export type PlannedDay = {
  title: string;
  place: string;
  notes?: string;
  lines: PlannedLine[];
};

/** A line taken from the library: its kind and the start of the library row's label. */
export type PlannedLine = {
  kind: "Stay" | "Activity" | "Vehicle" | "Transfer";
  row: RegExp;
  quantity?: number;
};

/**
 * The staff's proposals: the list (/admin/proposals), a new proposal's form and the builder
 * (/admin/proposals/<id>) with its day and line dialogs, prices and version history.
 */
export class AdminProposalsPage extends PageObject {
  readonly toasts = new Toasts(this.page);
  readonly heading = this.page.getByRole("heading", { level: 1 });
  readonly newProposal = this.page.getByRole("link", { name: "New proposal" });
  readonly send = this.page.getByRole("button", { name: "Send to traveller" });
  readonly newVersion = this.page.getByRole("button", { name: "Make a new version" });
  readonly history = this.page.locator("section", {
    has: this.page.getByRole("heading", { name: "Version history" }),
  });

  async goto() {
    await this.page.goto("/admin/proposals");
    await expect(this.heading).toHaveText("Proposals");
  }

  /** Picks `option` (the start of its name) in the select menu labelled `label` within `scope`. */
  async choose(scope: Locator, label: string, option: string | RegExp) {
    const field = scope.getByRole("combobox", { name: label });
    const listbox = this.page.getByRole("listbox");
    await field.click();
    // A click on an option while the menu is still opening can go unheard (Radix guards the
    // press that opened it): the option is clicked again until the menu closes on it.
    await expect(async () => {
      if (await listbox.isVisible())
        await this.page.getByRole("option", { name: option }).first().click({ timeout: 2_000 });
      await expect(listbox).toBeHidden({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(field).toContainText(option);
  }

  /** From the list: a new proposal for a traveller, landing on its builder. */
  async create(p: {
    leadName: string;
    email: string;
    phone: string;
    title: string;
    startDate: string;
  }) {
    await this.newProposal.click();
    await expect(this.heading).toHaveText("New proposal");
    await this.page.getByLabel("Lead traveller").fill(p.leadName);
    await this.page.getByLabel("Email").fill(p.email);
    await this.page.getByLabel("Phone").fill(p.phone);
    await this.page.getByLabel("Title").fill(p.title);
    await this.page.getByLabel("Start date").fill(p.startDate);
    await this.page.getByRole("button", { name: "Create proposal" }).click();
    await expect(this.page).toHaveURL(/\/admin\/proposals\/[0-9a-f-]{36}$/);
    await expect(this.heading).toContainText(p.leadName);
  }

  /** The proposal's reference, from the builder's heading ('TM-AB12CD · Hannah Okello'). */
  async reference(): Promise<string> {
    const heading = (await this.heading.textContent()) ?? "";
    const match = /TM-[A-Z0-9]{6}/.exec(heading);
    if (!match) throw new Error(`no reference in "${heading}"`);
    return match[0];
  }

  /** Adds a day with its lines, each from the library, and waits for each to show. */
  async addDay(number: number, day: PlannedDay) {
    await this.page.getByRole("button", { name: "Add day", exact: true }).click();
    const dialog = this.page.getByRole("dialog", { name: "Add day" });
    await dialog.getByLabel("Title").fill(day.title);
    await this.choose(dialog, "Ends in", day.place);
    if (day.notes) await dialog.getByLabel("Notes").fill(day.notes);
    await dialog.getByRole("button", { name: "Add day" }).click();
    await expect(dialog).toBeHidden();
    await expect(this.dayHeading(number)).toHaveText(`Day ${number}: ${day.title}`);
    for (const line of day.lines) await this.addLine(number, line);
  }

  dayHeading(number: number): Locator {
    return this.page.getByRole("heading", { level: 3, name: new RegExp(`^Day ${number}: `) });
  }

  /** The day's card (its heading, lines and buttons). */
  day(number: number): Locator {
    return this.page.getByRole("listitem").filter({ has: this.dayHeading(number) });
  }

  async addLine(day: number, line: PlannedLine) {
    const lines = this.day(day).getByRole("listitem");
    const before = await lines.count();
    await this.page.getByRole("button", { name: `Add line to day ${day}`, exact: true }).click();
    const dialog = this.page.getByRole("dialog", { name: `Add a line to day ${day}` });
    await this.choose(dialog, "Kind", line.kind);
    await this.choose(dialog, "Library row", line.row);
    if (line.quantity !== undefined) {
      const quantity = dialog.getByLabel(
        line.kind === "Vehicle" ? "Days" : line.kind === "Stay" ? "Nights" : "Trips",
      );
      await quantity.fill(String(line.quantity));
    }
    await dialog.getByRole("button", { name: "Add line" }).click();
    await expect(dialog).toBeHidden();
    await expect(lines).toHaveCount(before + 1);
  }

  /** The builder's price summary's total ('$4,120.00'). */
  async total(): Promise<string> {
    const total = this.page
      .getByRole("table", { name: "Sell prices" })
      .getByRole("row", { name: /^Total/ })
      .getByRole("cell")
      .last();
    await expect(total).toHaveText(/^\$[\d,]+\.\d{2}$/);
    return (await total.textContent())!.trim();
  }
}
