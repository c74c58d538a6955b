/**
 * Email Preferences when the stored choice could not be read: the page says so and Save stays
 * disabled, so the defaults can never overwrite what the customer chose (issue: a failed read
 * used to show the defaults, ready to be saved).
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

vi.mock("@/actions/accounts", () => ({ savePreferencesAction: vi.fn() }));

const { PreferencesForm } = await import("@/components/customer/preferences-form");

function render(initial: Parameters<typeof PreferencesForm>[0]["initial"]) {
  return renderToString(
    createElement(PreferencesForm, {
      email: "amelia@example.com",
      initial,
      subscribed: false,
      lastUpdated: initial ? "Nov 23, 2026" : null,
    }),
  );
}

const saveButton = (html: string) => /<button[^>]*type="submit"[^>]*>/.exec(html)?.[0] ?? "";

describe("Email Preferences form", () => {
  it("after a failed read: says so, shows no toggles and keeps Save disabled", () => {
    const html = render(null);
    expect(html).toContain("couldn&#x27;t load your email preferences");
    expect(html).not.toContain('role="switch"');
    expect(saveButton(html)).toMatch(/\sdisabled=""/);
    expect(html).not.toContain("Last updated");
  });

  it("with the stored choice: five toggles, Save enabled and the real date", () => {
    const html = render({
      newsletter: false,
      booking_updates: true,
      promotional_emails: true,
      trip_reminders: false,
      admin_messages: true,
    });
    expect(html.match(/role="switch"/g)).toHaveLength(5);
    expect(saveButton(html)).not.toMatch(/\sdisabled=""/);
    expect(html).toContain("Last updated: <!-- -->Nov 23, 2026");
  });
});
