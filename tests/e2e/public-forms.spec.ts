/**
 * The public forms in Chromium: the booking wizard (validation, back and
 * forth, success), the contact form and the newsletter form (success and failure toasts, the
 * duplicate, the unsubscribe link) and the cookie banner (every button, persistence).
 *
 * Each test posts from its own X-Forwarded-For address and uses its own email addresses, so the
 * per-IP and per-email rate limits (5 a minute) never mix tests.
 */
import { test as plainTest, type Page } from "@playwright/test";

import { newsletterUnsubscribeToken } from "@/lib/newsletter/token";
import { inDays } from "@/tests/helpers/payloads";

import { expect, test } from "./fixtures";
import { BookingPage } from "./pages/booking-page";
import { ContactFormPage, PERMITS_QUESTION } from "./pages/contact-form";
import { CookieBanner } from "./pages/cookie-banner";
import { NewsletterForm } from "./pages/newsletter-form";
import { uniqueEmail } from "./support/visitor";

/** The secret the web server signs unsubscribe links with (playwright.config.ts webServer.env). */
const AUTH_SECRET = process.env.AUTH_SECRET ?? "e2e-only-secret-not-for-production-0123456789";

/** The forms' toasts, in the product's exact wording (docs/decisions/0018). */
const TEXT = {
  bookingTitle: "Booking Request Submitted!",
  bookingMessage: "Thank you! We'll contact you within 24 hours to confirm your booking details.",
  contactTitle: "Message Sent!",
  contactMessage: "Thank you for contacting us. We'll get back to you within 24 hours.",
  contactFailureTitle: "Error",
  contactFailureMessage: "Failed to send message. Please try again.",
  subscribedTitle: "Subscribed!",
  subscribedMessage: "Thank you for subscribing to our newsletter.",
  duplicateTitle: "Already Subscribed",
  duplicateMessage: "This email is already subscribed to our newsletter.",
} as const;

/** Slows the page's POSTs (server actions) so the busy label can be seen. */
async function slowPosts(page: Page, path: string, ms = 1200) {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().method() === "POST")
        await new Promise((resolve) => setTimeout(resolve, ms));
      await route.fallback();
    },
  );
}

test.use({ ownAddress: true });

test.describe("public booking wizard", () => {
  test("validates each step, keeps values back and forth, and gates Submit on the terms", async ({
    page,
  }, testInfo) => {
    const booking = new BookingPage(page);
    await booking.goto();

    await expect(booking.steps).toHaveText([/Personal Info/, /Trip Details/, /Confirmation/]);
    await booking.expectStep("Personal Info");
    await expect(booking.previous).toBeDisabled();

    // Next validates only the current step.
    await booking.next.click();
    await booking.expectStep("Personal Info");
    expect(await booking.errorOf("First Name")).toBe("First name is required");
    expect(await booking.errorOf("Last Name")).toBe("Last name is required");
    expect(await booking.errorOf("Email Address")).toBe("Email is required");
    expect(await booking.errorOf("Phone Number")).toBe("Phone number is required");
    expect(await booking.errorOf("Country of Residence")).toBe("Country of residence is required");

    const email = uniqueEmail(testInfo, "wizard");
    await booking.fillPersonal({
      firstName: "Amelia",
      lastName: "Carter",
      email: "amelia@",
      phone: "+44 20 7946 0958",
      country: "United Kingdom",
    });
    await booking.next.click();
    expect(await booking.errorOf("Email Address")).toBe("Please enter a valid email address");
    await booking.field("Email Address").fill(email);
    await booking.next.click();
    await booking.expectStep("Trip Details");

    // Back: every value is still there.
    await booking.previous.click();
    await booking.expectStep("Personal Info");
    await expect(booking.field("First Name")).toHaveValue("Amelia");
    await expect(booking.field("Email Address")).toHaveValue(email);
    await expect(booking.field("Country of Residence")).toHaveValue("United Kingdom");
    await booking.next.click();
    await booking.expectStep("Trip Details");

    await booking.next.click();
    await booking.expectStep("Trip Details");
    expect(await booking.errorOf("Preferred Tour Package")).toBe("Please select a tour package");
    expect(await booking.errorOf("Preferred Start Date")).toBe("Please choose a start date");
    expect(await booking.errorOf("Group Size")).toBe("Please select a group size");

    await booking.fillTrip({
      tour: "Gorilla Trek & Safari Escape (5 Days)",
      startDate: inDays(60),
      endDate: inDays(55),
      groupSize: "9+ people",
      accommodation: "Luxury",
    });
    await booking.next.click();
    expect(await booking.errorOf("End Date (optional)")).toBe(
      "The end date cannot be before the start date",
    );
    await booking.field("End Date (optional)").fill(inDays(64));
    await booking.next.click();
    await booking.expectStep("Confirmation");

    await expect(booking.summaryValue("Name")).toHaveText("Amelia Carter");
    await expect(booking.summaryValue("Email")).toHaveText(email);
    await expect(booking.summaryValue("Package")).toHaveText(
      "Gorilla Trek & Safari Escape (5 Days)",
    );
    await expect(booking.summaryValue("Group Size")).toHaveText("9+ people");

    await page.getByLabel("Special Requests").fill("A quiet room, please.");
    await booking.previous.click();
    await booking.expectStep("Trip Details");
    await expect(booking.field("Preferred Tour Package")).toContainText(
      "Gorilla Trek & Safari Escape (5 Days)",
    );
    await expect(booking.field("Preferred Start Date")).toHaveValue(inDays(60));
    await expect(booking.field("Group Size")).toContainText("9+ people");
    await booking.next.click();
    await expect(page.getByLabel("Special Requests")).toHaveValue("A quiet room, please.");

    // 'Terms Required' cannot be reached from the page: Submit stays disabled until the box is ticked.
    await expect(booking.submit).toHaveText("Submit Booking");
    await expect(booking.submit).toBeDisabled();
    await booking.terms.check();
    await expect(booking.submit).toBeEnabled();
    await booking.terms.uncheck();
    await expect(booking.submit).toBeDisabled();

    const form = page.getByRole("main").locator("form");
    await expect(form.getByRole("link", { name: "Terms and Conditions" })).toHaveAttribute(
      "href",
      "/terms",
    );
    await expect(form.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacy",
    );
  });

  test("a preselected tour's request goes to its confirmation page: reference, what comes next, My Bookings", async ({
    page,
  }, testInfo) => {
    const booking = new BookingPage(page);
    await booking.goto("?tour=gorilla-safari");
    const email = uniqueEmail(testInfo, "booked");
    // Step 1 says which tour is being booked.
    await expect(page.getByText(/^Booking: .+/)).toContainText(
      "Gorilla Trek & Safari Escape (5 Days)",
    );

    await booking.fillPersonal({
      firstName: "Kato",
      lastName: "Mukasa",
      email,
      phone: "+256 772 000 111",
      country: "Uganda",
    });
    await booking.next.click();
    await booking.expectStep("Trip Details");
    await expect(booking.field("Preferred Tour Package")).toContainText(
      "Gorilla Trek & Safari Escape (5 Days)",
    );
    // The tour sells scheduled departures too: a typed date is 'Another date (private trip)'.
    await booking.privateTrip.check();
    await booking.field("Preferred Start Date").fill(inDays(30));
    await booking.choose("Group Size", "2 people");
    await booking.next.click();
    await booking.expectStep("Confirmation");
    await booking.newsletter.check();
    await booking.terms.check();

    await slowPosts(page, "/booking");
    await booking.submit.click();
    await expect(booking.submit).toHaveText("Submitting...");
    await expect(booking.submit).toBeDisabled();

    const reference = await booking.expectRequested();
    expect(reference).toMatch(/^[0-9A-F]{8}$/);
    await expect(page.getByText(TEXT.bookingMessage.replace("Thank you! ", ""))).toBeVisible();
    await expect(page.getByRole("main")).toContainText(`write to ${email} by`);
    await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute(
      "href",
      "/customer/auth?tab=signup",
    );
    await expect(page.getByRole("link", { name: "See it in My Bookings" })).toBeVisible();

    // The address is the traveller's to keep: opened again, it shows the same request.
    await page.reload();
    await expect(booking.reference).toHaveText(reference);
  });

  for (const width of [390, 412]) {
    test(`step 3 does not scroll sideways at ${width} px with an ordinary long email`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 860 });
      const booking = new BookingPage(page);
      await booking.goto("?tour=gorilla-safari");
      await booking.fillPersonal({
        firstName: "Christopher",
        lastName: "Vandenberghe",
        // No hyphen to break at: the address is one long word.
        email: "christopher.vandenberghe@protonmail.com",
        phone: "+256 772 000 111",
        country: "Uganda",
      });
      await booking.next.click();
      await booking.expectStep("Trip Details");
      await booking.privateTrip.check();
      await booking.field("Preferred Start Date").fill(inDays(90));
      await booking.choose("Group Size", "2 people");
      await booking.next.click();
      await booking.expectStep("Confirmation");
      await expect(booking.summaryValue("Email")).toHaveText(
        "christopher.vandenberghe@protonmail.com",
      );
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth, `document width at ${width} px`).toBeLessThanOrEqual(clientWidth);
      // The terms line is whole on the screen once scrolled to, not cut off at the side.
      await booking.terms.scrollIntoViewIfNeeded();
      await expect(booking.terms).toBeInViewport({ ratio: 1 });
    });
  }

  test("offers WhatsApp help with prefilled messages and a Contact Us link", async ({ page }) => {
    const booking = new BookingPage(page);
    await booking.goto("?tour=nile-adventure");
    const help = page.getByRole("link", { name: "Chat on WhatsApp" });
    await expect(help).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=.+/);
    await expect(help).toHaveAttribute("target", "_blank");
    const chat = page.getByRole("link", { name: "Book via WhatsApp" });
    const href = (await chat.getAttribute("href")) ?? "";
    expect(decodeURIComponent(new URL(href).searchParams.get("text") ?? "")).toContain(
      "Nile Adventure in Jinja (3 Days)",
    );
    await expect(page.getByRole("main").getByRole("link", { name: "Contact Us" })).toHaveAttribute(
      "href",
      "/contact",
    );
  });
});

test.describe("contact form", () => {
  test("sends a message: 'Sending...', the success toast and a cleared form", async ({
    page,
  }, testInfo) => {
    const contact = new ContactFormPage(page);
    await contact.goto();
    await contact.fill({
      ...PERMITS_QUESTION,
      email: uniqueEmail(testInfo, "contact"),
      country: "Kenya",
    });
    await slowPosts(page, "/contact");
    await contact.send.click();
    await expect(contact.send).toHaveText("Sending...");
    await expect(contact.send).toBeDisabled();
    await contact.toasts.expectToast(TEXT.contactTitle, TEXT.contactMessage);
    await expect(contact.send).toHaveText("Send Message");
    for (const label of ["Full Name", "Email Address", "Country", "Subject", "Message"] as const) {
      await expect(contact.field(label)).toHaveValue("");
    }
  });

  test("blocks a bad email on the field and shows the failure toast when sending fails", async ({
    page,
  }, testInfo) => {
    const contact = new ContactFormPage(page);
    await contact.goto();
    await contact.fill({ name: "Amara", email: "amara@example", subject: "Hello", message: "Hi" });
    await contact.send.click();
    await expect(contact.field("Email Address")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#contact-email-error")).toHaveText(
      "Please enter a valid email address",
    );
    await expect(contact.toasts.toast(TEXT.contactTitle)).toHaveCount(0);

    // The network fails: the contact form's failure toast, and nothing typed is lost.
    const email = uniqueEmail(testInfo, "contact-fail");
    await contact.field("Email Address").fill(email);
    const contactPage = (url: URL) => url.pathname === "/contact";
    await page.route(contactPage, (route) =>
      route.request().method() === "POST" ? route.abort() : route.fallback(),
    );
    await contact.send.click();
    await contact.toasts.expectToast(TEXT.contactFailureTitle, TEXT.contactFailureMessage);
    await expect(contact.field("Email Address")).toHaveValue(email);
    await expect(contact.field("Message")).toHaveValue("Hi");

    // The network is back and the message goes: its toast takes the failure's place, not below it.
    await page.unroute(contactPage);
    await contact.send.click();
    await contact.toasts.expectToast(TEXT.contactTitle, TEXT.contactMessage);
    await expect(contact.toasts.toast(TEXT.contactFailureTitle)).toHaveCount(0);
  });

  test("its code loads on first use: what was typed meanwhile, the focus and a click are kept", async ({
    page,
  }) => {
    const contact = new ContactFormPage(page);
    await contact.goto();
    await page.waitForLoadState("networkidle");
    const reactOwns = () =>
      contact.form.evaluate((form) => Object.keys(form).some((k) => k.startsWith("__reactProps$")));
    // The page is loaded and the form is still the server's HTML: its code is not downloaded.
    expect(await reactOwns()).toBe(false);

    // Hold back every script asked for from now on (the form's code) until the typing is done.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/_next/static/**/*.js", async (route) => {
      await held;
      await route.fallback();
    });
    await contact.field("Full Name").fill("Amara Okello");
    await contact.field("Subject").fill("Gorilla permits");
    await contact.send.click();
    expect(await reactOwns()).toBe(false);
    release();

    // The live form has what was typed, and the click on Send Message ran its validation.
    await expect.poll(reactOwns).toBe(true);
    await expect(contact.field("Full Name")).toHaveValue("Amara Okello");
    await expect(contact.field("Subject")).toHaveValue("Gorilla permits");
    await expect(page.locator("#contact-email-error")).toHaveText("Email is required");
    await expect(contact.field("Email Address")).toBeFocused();
  });
});

test.describe("newsletter form", () => {
  test("subscribes, reports a duplicate, ignores an empty field", async ({ page }, testInfo) => {
    await page.goto("/about");
    const newsletter = new NewsletterForm(page);
    const email = uniqueEmail(testInfo, "news");

    // Empty: nothing happens (no request, no toast). The form's submit handler is seen to run and
    // keep the browser from submitting; it sends nothing, so no toast can follow.
    let posts = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posts++;
    });
    const submits = await newsletter.watchSubmits();
    await newsletter.subscribe.click();
    await expect.poll(submits).toEqual([{ handled: true }]);
    await expect(newsletter.subscribe).toHaveText("Subscribe");
    expect(posts).toBe(0);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);

    await slowPosts(page, "/about", 800);
    await newsletter.subscribeWith(email);
    await expect(newsletter.subscribe).toHaveText("Subscribing...");
    await newsletter.toasts.expectToast(TEXT.subscribedTitle, TEXT.subscribedMessage);
    await expect(newsletter.email).toHaveValue("");

    await newsletter.subscribeWith(email.toUpperCase());
    await newsletter.toasts.expectToast(TEXT.duplicateTitle, TEXT.duplicateMessage);
  });

  test("the unsubscribe link confirms, unsubscribes, and a new subscription reactivates", async ({
    page,
    request,
  }, testInfo) => {
    await page.goto("/");
    const newsletter = new NewsletterForm(page);
    const email = uniqueEmail(testInfo, "unsub");
    await newsletter.subscribeWith(email);
    await newsletter.toasts.expectToast(TEXT.subscribedTitle, TEXT.subscribedMessage);

    // A forged link is refused.
    const forged = await request.get(
      `/api/newsletter/unsubscribe?${new URLSearchParams({ email, token: newsletterUnsubscribeToken(email, "wrong-secret") })}`,
    );
    expect(forged.status()).toBe(403);

    // The link from the welcome mail (signed with the server's secret).
    const link = `/api/newsletter/unsubscribe?${new URLSearchParams({ email, token: newsletterUnsubscribeToken(email, AUTH_SECRET) })}`;
    await page.goto(link);
    await expect(
      page.getByRole("heading", { name: "Unsubscribe from our newsletter" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { name: "You have been unsubscribed" })).toBeVisible();

    // RFC 8058 one-click POST answers 200 as well (idempotent).
    const oneClick = await request.post(link, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      data: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status()).toBe(200);

    // Subscribing again reactivates the address.
    await page.goto("/");
    await newsletter.subscribeWith(email);
    await newsletter.toasts.expectToast(TEXT.subscribedTitle, TEXT.subscribedMessage);
  });
});

// The cookie banner tests use Playwright's own `test`: the shared fixture dismisses the banner.
const bannerTest = plainTest.extend<{ cookies: CookieBanner }>({
  cookies: async ({ page }, provide) => provide(new CookieBanner(page)),
});

bannerTest.describe("cookie consent banner", () => {
  bannerTest(
    "appears after a second, Accept All stores both and it never returns",
    async ({ page, cookies }) => {
      await page.goto("/");
      await expect(cookies.banner).toBeHidden();
      await expect(cookies.banner).toBeVisible({ timeout: 15_000 });
      await expect(cookies.policyLink).toHaveAttribute("href", "/legal#cookie-policy");
      await cookies.acceptAll.click();
      await cookies.expectChoiceKept({ functional: true, personalization: true });
      await page.goto("/tours");
      await cookies.expectNotShownAfterChoiceRead();
    },
  );

  bannerTest(
    "takes no more than a third of a phone screen and leaves the WhatsApp button free",
    async ({ page, cookies }) => {
      for (const [width, height] of [
        [390, 844],
        [360, 640],
        [1280, 800],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.goto("/");
        await expect(cookies.banner).toBeVisible({ timeout: 15_000 });
        const banner = (await cookies.banner.boundingBox())!;
        const chat = (await page
          .getByRole("link", { name: "Chat with us on WhatsApp" })
          .boundingBox())!;
        if (width < 640)
          expect(banner.height, `banner at ${width}x${height}`).toBeLessThanOrEqual(height / 3);
        const overlaps =
          banner.x < chat.x + chat.width &&
          chat.x < banner.x + banner.width &&
          banner.y < chat.y + chat.height &&
          chat.y < banner.y + banner.height;
        expect(overlaps, `banner over the WhatsApp button at ${width} px`).toBe(false);
      }
    },
  );

  bannerTest("Reject All stores personalization false", async ({ page, cookies }) => {
    await page.goto("/contact");
    await cookies.rejectAll.click();
    await cookies.expectChoiceKept({ functional: true, personalization: false });
  });

  bannerTest(
    "Customize: Functional locked on, Cancel keeps the banner, Save Preferences stores",
    async ({ page, cookies }) => {
      await page.goto("/");
      await cookies.customize.click();
      await expect(cookies.dialog).toBeVisible();
      await expect(cookies.functional).toBeChecked();
      await expect(cookies.functional).toBeDisabled();
      await expect(cookies.personalization).not.toBeChecked();

      await cookies.cancel.click();
      await expect(cookies.dialog).toBeHidden();
      await expect(cookies.banner).toBeVisible();
      expect(await cookies.stored()).toBeNull();

      await cookies.customize.click();
      await cookies.personalization.click();
      await expect(cookies.personalization).toBeChecked();
      await cookies.save.click();
      await expect(cookies.dialog).toBeHidden();
      await cookies.expectChoiceKept({ functional: true, personalization: true });
    },
  );

  bannerTest(
    "Close hides the banner without storing: it returns on the next page",
    async ({ page, cookies }) => {
      await page.goto("/");
      await cookies.close.click();
      await expect(cookies.banner).toBeHidden();
      expect(await cookies.stored()).toBeNull();
      await page.reload();
      await expect(cookies.banner).toBeVisible({ timeout: 15_000 });
    },
  );

  bannerTest("a corrupt stored value is logged and ignored", async ({ page, cookies }) => {
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    await page.addInitScript(() => {
      if (!sessionStorage.getItem("seeded")) {
        localStorage.setItem("cookieConsent", "{not json");
        sessionStorage.setItem("seeded", "1");
      }
    });
    await page.goto("/");
    await expect(cookies.banner).toBeVisible({ timeout: 15_000 });
    expect(warnings.some((w) => w.includes("cookieConsent"))).toBe(true);
    await cookies.rejectAll.click();
    expect(await cookies.stored()).toEqual({ functional: true, personalization: false });
  });
});
