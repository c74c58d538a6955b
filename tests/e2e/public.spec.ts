import { site } from "@/lib/site";

import { expect, test } from "./fixtures";

/** The public pages' texts, typed here in the product's exact wording (docs/decisions/0018). */
const TAGLINE = "Feel Africa. Breathe Uganda.";
const FEATURED = ["/tour/gorilla-safari", "/tour/nile-adventure", "/tour/murchison-safari"];
const WHATSAPP_TEXT = "Hello! I'd like to inquire about your tour packages.";

test.describe("home", () => {
  test("hero tagline and the three featured tours", async ({ page, chrome }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: TAGLINE })).toBeVisible();
    await expect(chrome.tourCards).toHaveCount(3);
    expect(await chrome.tourCardHrefs()).toEqual(FEATURED);
  });
});

test.describe("navigation", { tag: "@layout" }, () => {
  for (const [path, label] of [
    ["/", "Home"],
    ["/tours", "Tours"],
    ["/about", "About"],
    ["/contact", "Contact"],
  ] as const) {
    test(`highlights ${label} on ${path}`, async ({ page, chrome }) => {
      await page.goto(path);
      const current = await chrome.navLink(label);
      await expect(current).toHaveAttribute("aria-current", "page");
      for (const other of ["Home", "Tours", "About", "Contact"].filter((l) => l !== label)) {
        await expect(await chrome.navLink(other)).not.toHaveAttribute("aria-current", "page");
      }
    });
  }

  test("the toggle menu opens the links on a phone", async ({ page, chrome, mobile }) => {
    test.skip(!mobile, "390 px only");
    await page.goto("/");
    await expect(chrome.mainNav).toBeHidden();
    await expect(chrome.mobileNav).toBeHidden();
    await expect(chrome.menuToggle).toBeVisible();
    await chrome.menuToggle.click();
    await expect(chrome.mobileNav).toBeVisible();
    for (const name of ["Home", "Tours", "About", "Contact", "My Account"]) {
      await expect(chrome.mobileNav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await chrome.mobileNav.getByRole("link", { name: "Tours", exact: true }).click();
    await expect(page).toHaveURL(/\/tours$/);
    await expect(chrome.mobileNav).toBeHidden();
  });

  test("on phones down to 360 px the brand fits the header on one line, beside Book Now", async ({
    page,
    chrome,
    mobile,
  }) => {
    test.skip(!mobile, "phone widths only");
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      const name = chrome.header.getByText("Breathe Uganda", { exact: true });
      const tagline = chrome.header.getByText("Feel Africa", { exact: true });
      const header = (await chrome.header.boundingBox())!;
      const nameBox = (await name.boundingBox())!;
      const lineHeight = await name.evaluate(
        (el) => parseFloat(getComputedStyle(el).fontSize) * 1.5,
      );
      expect(nameBox.height, `name on one line at ${width} px`).toBeLessThanOrEqual(lineHeight);
      const taglineBox = (await tagline.boundingBox())!;
      expect(
        taglineBox.y + taglineBox.height,
        `tagline inside the header at ${width} px`,
      ).toBeLessThanOrEqual(header.y + header.height);
      await expect(chrome.header.getByRole("link", { name: "Book Now" })).toBeInViewport({
        ratio: 1,
      });
      await expect(chrome.menuToggle).toBeInViewport({ ratio: 1 });
      const { scrollWidth, innerWidth } = await chrome.horizontalOverflow();
      expect(scrollWidth, `document width at ${width} px`).toBeLessThanOrEqual(innerWidth);
    }
  });

  test("the link bar shows without a toggle on a wide screen", async ({ page, chrome, mobile }) => {
    test.skip(mobile, "1280 px only");
    await page.goto("/");
    await expect(chrome.menuToggle).toBeHidden();
    for (const name of ["Home", "Tours", "About", "Contact", "My Account"]) {
      await expect(chrome.mainNav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(chrome.header.getByRole("link", { name: "Book Now" })).toHaveAttribute(
      "href",
      "/booking",
    );
  });

  test("the top strip with phone and email shows on wide screens only", async ({
    page,
    chrome,
    mobile,
  }) => {
    await page.goto("/");
    const contacts = await chrome.topStripContacts();
    if (mobile) {
      expect(contacts).toEqual([]);
    } else {
      expect(contacts).toEqual(expect.arrayContaining([site.phone, site.email]));
    }
  });

  test("the footer has the quick links and the current year", async ({ page, chrome }) => {
    await page.goto("/");
    await expect(chrome.footerLink("Tour Packages")).toHaveAttribute("href", "/tours");
    await expect(chrome.footerLink("Privacy Policy")).toHaveAttribute("href", "/privacy");
    await expect(chrome.footerLink("Terms of Service")).toHaveAttribute("href", "/terms");
    await expect(chrome.footer).toContainText(String(new Date().getFullYear()));
    await expect(chrome.footer).toContainText("Kampala, Uganda");
  });
});

test.describe("/tours", () => {
  test("lists all 12 tours", async ({ toursPage }) => {
    await toursPage.goto();
    await toursPage.expectCount("Showing 12 tours");
    await expect(toursPage.cards).toHaveCount(12);
  });

  test("the Wildlife chip filters and puts the category in the URL", async ({
    page,
    toursPage,
  }) => {
    await toursPage.goto();
    await toursPage.chip("Wildlife").click();
    await expect(page).toHaveURL(/[?&]category=Wildlife\b/);
    await toursPage.expectCount(/^Showing \d+ tours? in Wildlife$/);
    const shown = Number(
      /Showing (\d+)/.exec((await toursPage.countLine.textContent()) ?? "")?.[1],
    );
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(12);
    await expect(toursPage.cards).toHaveCount(shown);
    expect(await toursPage.cardHrefs()).toContain("/tour/gorilla-safari");
    expect(await toursPage.cardHrefs()).not.toContain("/tour/nile-adventure");
  });

  test("search 'gorilla' names the query in the count line", async ({ toursPage }) => {
    await toursPage.goto();
    await toursPage.searchFor("gorilla");
    await expect(toursPage.countLine).toContainText("matching gorilla");
    expect(await toursPage.cardHrefs()).toContain("/tour/gorilla-safari");
  });

  for (const attack of ["'; drop table tours;--", "<script>alert(1)</script>"]) {
    test(`search ${JSON.stringify(attack)} finds nothing, harmlessly; Clear Filters resets`, async ({
      chrome,
      toursPage,
    }) => {
      const dialogs = chrome.trackDialogs();
      await toursPage.goto();
      await toursPage.searchFor(attack);
      await expect(toursPage.emptyTitle).toBeVisible();
      await expect(toursPage.emptyHint).toBeVisible();
      await expect(toursPage.cards).toHaveCount(0);
      await toursPage.clearFilters.click();
      await toursPage.expectCount("Showing 12 tours");
      await expect(toursPage.cards).toHaveCount(12);
      await expect(toursPage.search).toHaveValue("");
      expect(dialogs).toEqual([]);
    });
  }

  test("an unknown category shows all tours", async ({ toursPage }) => {
    const response = await toursPage.goto("?category=Nope");
    expect(response?.status()).toBe(200);
    await toursPage.expectCount("Showing 12 tours");
  });

  test("a card shows at most 3 highlights", async ({ toursPage }) => {
    await toursPage.goto();
    await expect(toursPage.cards).toHaveCount(12);
    const counts = await toursPage.highlightCounts();
    expect(counts).toHaveLength(12);
    expect(Math.max(...counts)).toBe(3);
    expect(counts.every((n) => n >= 1 && n <= 3)).toBe(true);
  });
});

test.describe("/tour/gorilla-safari", () => {
  test("breadcrumb back to the tours", async ({ tourPage }) => {
    const response = await tourPage.goto("gorilla-safari");
    expect(response?.status()).toBe(200);
    await expect(tourPage.breadcrumb).toBeVisible();
    await expect(tourPage.breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute(
      "href",
      "/",
    );
    await expect(tourPage.breadcrumb.getByRole("link", { name: /Tours/ })).toHaveAttribute(
      "href",
      "/tours",
    );
  });

  test("tabs Overview, Itinerary, Inclusions, Pricing", async ({ tourPage }) => {
    await tourPage.goto("gorilla-safari");
    await expect(tourPage.tab("Overview")).toHaveAttribute("aria-selected", "true");
    await expect(tourPage.panel).toBeVisible();

    await tourPage.tab("Itinerary").click();
    await expect(tourPage.tab("Itinerary")).toHaveAttribute("aria-selected", "true");
    await expect(tourPage.panel).toContainText(/Day 1\b/);

    await tourPage.tab("Inclusions").click();
    await expect(tourPage.tab("Inclusions")).toHaveAttribute("aria-selected", "true");
    await expect(tourPage.panel).toContainText("gorilla trekking permit");

    await tourPage.tab("Pricing").click();
    await expect(tourPage.tab("Pricing")).toHaveAttribute("aria-selected", "true");
    await expect(tourPage.panel).toContainText("Budget");
    await expect(tourPage.panel).toContainText("$1,200");

    await tourPage.tab("Overview").click();
    await expect(tourPage.tab("Overview")).toHaveAttribute("aria-selected", "true");
  });

  test("'Book This Tour' card: Book Now to /booking, Ask Questions to /contact", async ({
    tourPage,
  }) => {
    await tourPage.goto("gorilla-safari");
    await expect(tourPage.bookCard).toBeVisible();
    await expect(tourPage.bookNow()).toHaveAttribute("href", /^\/booking(\?|$)/);
    await expect(tourPage.askQuestions()).toHaveAttribute("href", /^\/contact(\?|$)/);
  });

  test("structured data describes a TouristTrip", async ({ tourPage }) => {
    await tourPage.goto("gorilla-safari");
    const blocks = await tourPage.jsonLd();
    const nodes = blocks.flatMap((b) => {
      const graph = (b as { "@graph"?: unknown[] })["@graph"];
      return Array.isArray(graph) ? graph : [b];
    }) as Array<Record<string, unknown>>;
    const trip = nodes.find((n) => n["@type"] === "TouristTrip");
    expect(trip, "a JSON-LD node with @type TouristTrip").toBeDefined();
    expect(trip!.name).toBeTruthy();
  });
});

test.describe("not found", () => {
  for (const slug of ["does-not-exist", "%E0%A4%A"]) {
    test(`/tour/${slug} shows 'Tour Not Found' with status 404`, async ({ page, tourPage }) => {
      const response = await tourPage.goto(slug);
      expect(response?.status()).toBe(404);
      await expect(tourPage.notFoundTitle).toBeVisible();
      await expect(tourPage.notFoundText).toBeVisible();
      await expect(page.getByRole("main").locator('a[href="/tours"]').first()).toBeVisible();
    });
  }

  // Addresses that are not valid percent-encoding: each answered by its page, never a 500.
  for (const { title, paths, status, text } of [
    {
      title: "a path that is not valid percent-encoding gets the 404 page, not a 500",
      paths: ["/%E0%A4%A", "/about/%zz", "/caf%C3%A9"],
      status: 404,
      text: "Page Not Found",
    },
    {
      title: "a pay link with a percent sign gets the pay page's own 'expired' answer",
      paths: ["/pay/abc%zz", "/pay/eyJhbGci%2E", "/pay/%E0%A4%A"],
      status: 200,
      text: "This payment link has expired",
    },
  ]) {
    test(title, async ({ request }) => {
      for (const path of paths) {
        const response = await request.get(path);
        expect(response.status(), path).toBe(status);
        expect(await response.text(), path).toContain(text);
      }
    });
  }

  test("an unknown path shows the 404 page, and Return to Home goes to /", async ({ page }) => {
    const response = await page.goto("/some/bad/path");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Page Not Found", { exact: true })).toBeVisible();
    const home = page.getByRole("link", { name: "Return to Home" });
    await expect(home).toHaveAttribute("href", "/");
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: TAGLINE })).toBeVisible();
  });
});

test.describe("content pages", () => {
  test("/about renders", async ({ page, chrome }) => {
    const response = await page.goto("/about");
    expect(response?.status()).toBe(200);
    await expect(chrome.main.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("/contact shows office hours and a WhatsApp link with the prefilled text", async ({
    page,
    chrome,
  }) => {
    const response = await page.goto("/contact");
    expect(response?.status()).toBe(200);
    await expect(chrome.main).toContainText(/Mon-Fri:?\s*8AM-6PM/);
    const whatsapp = chrome.main.locator('a[href*="wa.me"], a[href*="whatsapp.com"]').first();
    await expect(whatsapp).toBeVisible();
    await expect(whatsapp).toHaveAttribute("target", "_blank");
    const href = (await whatsapp.getAttribute("href")) ?? "";
    expect(href).toContain(encodeURIComponent(WHATSAPP_TEXT));
    expect(new URL(href).searchParams.get("text")).toBe(WHATSAPP_TEXT);
  });

  test("/contact FAQ: a question opens its answer, one at a time, and closes again", async ({
    page,
    chrome,
  }) => {
    await page.goto("/contact");
    // Pressed at once after the load: the accordion's code loads on that first press
    // (components/site/lazy-faq-accordion.tsx), which it then carries out.
    const visa = chrome.main.getByRole("button", { name: "Do I need a visa to visit Uganda?" });
    const packing = chrome.main.getByRole("button", { name: "What should I pack for my trip?" });
    await expect(visa).toHaveAttribute("aria-expanded", "false");
    await visa.click();
    await expect(visa).toHaveAttribute("aria-expanded", "true");
    await expect(chrome.main.getByText(/East Africa Tourist Visa/)).toBeVisible();
    await packing.click();
    await expect(packing).toHaveAttribute("aria-expanded", "true");
    await expect(visa).toHaveAttribute("aria-expanded", "false");
    await expect(chrome.main.getByText(/East Africa Tourist Visa/)).toBeHidden();
    await packing.click();
    await expect(packing).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("legal page", () => {
  test("/legal#refund-policy scrolls to the refund policy", async ({ legalPage }) => {
    await legalPage.goto("/legal#refund-policy");
    await expect(legalPage.heading("Refund & Cancellation Policy")).toBeInViewport();
    await expect.poll(() => legalPage.scrollY()).toBeGreaterThan(0);
  });

  test("/privacy scrolls to the privacy policy", async ({ legalPage }) => {
    await legalPage.goto("/privacy");
    await expect(legalPage.heading("Privacy Policy")).toBeInViewport();
  });

  test("/terms scrolls to the terms of use", async ({ legalPage }) => {
    await legalPage.goto("/terms");
    await expect(legalPage.heading("Terms of Use")).toBeInViewport();
  });
});

test.describe("crawlers", () => {
  test.skip(({ isMobile }) => isMobile, "no layout involved: once is enough");

  test("sitemap.xml lists the tour pages", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    const body = await response.text();
    expect(body).toContain("/tour/gorilla-safari</loc>");
    expect(body).toContain("<urlset");
  });

  test("robots.txt allows / and names the sitemap at the server's own address", async ({
    request,
    baseURL,
  }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const body = await response.text();
    expect(body).toMatch(/^Allow: \/$/m);
    // The e2e server runs with SITE_URL set to its own address; the build had none.
    expect(body).toMatch(new RegExp(`^Sitemap: ${baseURL}/sitemap\\.xml$`, "m"));
  });
});

test.describe("caching", () => {
  test.skip(({ isMobile }) => isMobile, "no layout involved: once is enough");

  test("home, the tour list and a tour page are served from the full-route cache", async ({
    request,
  }) => {
    for (const path of ["/", "/tours", "/tour/gorilla-safari"]) {
      await request.get(path); // the first request renders and stores the page
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      // STALE is the cache's copy too, sent while it is renewed: other tests' bookings refresh
      // the seat counts of /tours and the tour pages at any moment.
      expect(["HIT", "STALE"], path).toContain(response.headers()["x-nextjs-cache"]);
    }
  });

  test("cached pages are sent as ASCII, the footer's © and the top bar's · as references", async ({
    page,
    request,
  }) => {
    // lib/ascii-html.ts says why: one other character makes every response of the page dearer.
    for (const path of ["/", "/tours", "/tour/gorilla-safari"]) {
      const html = await (await request.get(path)).text();
      expect(html.match(/[^\x00-\x7f]/g) ?? [], path).toEqual([]);
    }
    await page.goto("/tours");
    await expect(page.getByText(/© \d{4} Breathe Uganda\. All rights reserved\./)).toBeVisible();
    await expect(page.getByText("Mon-Fri 8AM-6PM · East Africa Time")).toBeVisible();
  });

  test("a public page loads the public stylesheet only, none of the account's or the admin's", async ({
    request,
  }) => {
    // Each area is a root layout with a Tailwind entry of its own (app/(site)/site.css).
    const stylesheets = async (path: string) => {
      const html = await (await request.get(path)).text();
      return [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map(
        (link) => /\bhref="([^"]+)"/.exec(link[0])?.[1],
      );
    };
    const site = await stylesheets("/");
    expect(site.length).toBeGreaterThan(0);
    for (const path of ["/tours", "/contact"]) expect(await stylesheets(path), path).toEqual(site);
    for (const path of ["/customer/auth", "/admin/login"]) {
      const area = await stylesheets(path);
      expect(area.length, path).toBeGreaterThan(0);
      expect(
        area.filter((href) => site.includes(href)),
        path,
      ).toEqual([]);
    }
  });

  test("cached pages show their tours at once, never a loading placeholder first", async ({
    page,
    chrome,
  }) => {
    // Records every "Loading tours" placeholder the document ever holds, from its first byte.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { loadingPlaceholders: seen });
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (
              node instanceof Element &&
              (node.matches('[aria-label="Loading tours"]') ||
                node.querySelector('[aria-label="Loading tours"]'))
            )
              seen.push(location.pathname);
      }).observe(document, { childList: true, subtree: true });
    });
    for (const [path, cards] of [
      ["/", 3],
      ["/tours", 12],
    ] as const) {
      await page.goto(path);
      await expect(chrome.tourCards, path).toHaveCount(cards);
      expect(
        await page.evaluate(
          () => (window as unknown as { loadingPlaceholders: string[] }).loadingPlaceholders,
        ),
        path,
      ).toEqual([]);
    }
  });

  test("a search renders per request, and the cache's own addresses lead back", async ({
    request,
  }) => {
    const search = await request.get("/tours?q=gorilla");
    expect(search.status()).toBe(200);
    expect(search.headers()["x-nextjs-cache"]).toBeUndefined();
    expect(await search.text()).toContain("matching gorilla");

    const redirects: [from: string, to: string][] = [
      ["/cached/home", "/"],
      ["/cached/tours", "/tours"],
    ];
    for (const [from, to] of redirects) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(308);
      expect(new URL(response.headers()["location"]!, "http://x").pathname, from).toBe(to);
    }
  });
});
