/**
 * What `npm run bench` reads from a Lighthouse report (bench/lighthouse.ts,
 * bench/uploaded-hero.ts): the JavaScript a page downloads and the uploaded hero's LCP picture.
 * The reports here are cut down to the audits the bench reads, in Lighthouse 13's shapes.
 */
import { describe, expect, it } from "vitest";

import {
  failedAudits,
  lcpElement,
  type Lhr,
  mainThreadWork,
  pageWeights,
  scoreWithout,
} from "../../bench/lighthouse";
import { inspectHero, type UploadedHero } from "../../bench/uploaded-hero";

const base = "http://127.0.0.1:4000";

function report(
  requests: { url: string; resourceType: string; transferSize: number; mimeType?: string }[],
  lcpSnippet?: string,
): Lhr {
  return {
    categories: { performance: { score: 0.97 } },
    audits: {
      "network-requests": { details: { type: "table", items: requests } },
      "lcp-breakdown-insight": {
        details: {
          type: "list",
          items: [
            { type: "table", items: [] },
            ...(lcpSnippet
              ? [{ type: "node", snippet: lcpSnippet, selector: "section > img" }]
              : []),
          ],
        },
      },
    },
  };
}

const hero: UploadedHero = {
  slug: "nile-adventure",
  photoBytes: 3_100_000,
  key: "nile-adventure/thumbnail-98e77081d2ed",
  widths: [480, 768, 960, 1600, 2400],
  uploadMs: 1700,
};

describe("bench: a page's weights from Lighthouse's network requests", () => {
  it("counts every script by type or by JavaScript response (prefetches too), the stylesheets and the document", () => {
    const weights = pageWeights(
      report([
        { url: `${base}/`, resourceType: "Document", transferSize: 16_000, mimeType: "text/html" },
        { url: `${base}/_next/static/chunks/a.js`, resourceType: "Script", transferSize: 70_000 },
        { url: `${base}/_next/static/chunks/lazy.js`, resourceType: "Script", transferSize: 9_000 },
        {
          url: `${base}/_next/static/chunks/prefetched.js`,
          resourceType: "Other",
          transferSize: 4_000,
          mimeType: "application/javascript",
        },
        {
          url: `${base}/_next/static/chunks/site.css`,
          resourceType: "Stylesheet",
          transferSize: 13_500,
          mimeType: "text/css",
        },
        {
          url: `${base}/_next/static/media/font.woff2`,
          resourceType: "Font",
          transferSize: 30_000,
        },
        {
          url: `${base}/tours?_rsc=1`,
          resourceType: "Fetch",
          transferSize: 5_000,
          mimeType: "text/x-component",
        },
      ]),
    );
    expect(weights).toEqual({
      scripts: 3,
      scriptBytes: 83_000,
      stylesheets: 1,
      stylesheetBytes: 13_500,
      documentBytes: 16_000,
    });
  });

  it("has no document size when the document is not among the requests", () => {
    expect(pageWeights(report([])).documentBytes).toBeUndefined();
  });
});

describe("bench: main-thread work", () => {
  it("is the breakdown audit's total and its items summed by group", () => {
    const lhr = {
      categories: {},
      audits: {
        "mainthread-work-breakdown": {
          numericValue: 1_400,
          details: {
            items: [
              { group: "styleLayout", duration: 120 },
              { group: "parseHTML", duration: 60 },
              { group: "scriptEvaluation", duration: 700 },
              { group: "scriptEvaluation", duration: 20 },
            ],
          },
        },
      },
    };
    expect(mainThreadWork(lhr)).toEqual({
      total: 1_400,
      groups: { styleLayout: 120, parseHTML: 60, scriptEvaluation: 720 },
    });
    expect(mainThreadWork({ categories: {}, audits: {} })).toBeNull();
  });
});

describe("bench: the audits that cost a category points", () => {
  it("names the weighted audits scored under 1, not the passed, unweighted or not applicable", () => {
    const lhr: Lhr = {
      categories: {
        "best-practices": {
          score: 0.96,
          auditRefs: [
            { id: "errors-in-console", weight: 1 },
            { id: "is-on-https", weight: 5 },
            { id: "valid-source-maps", weight: 0 },
            { id: "inspector-issues", weight: 1 },
          ],
        },
      },
      audits: {
        "errors-in-console": {
          score: 0,
          details: {
            type: "table",
            items: [
              {
                source: "network",
                description: "Failed to load resource: 404",
                sourceLocation: { type: "source-location", url: "http://127.0.0.1:4000/x.js" },
              },
            ],
          },
        },
        "is-on-https": { score: 1 },
        "valid-source-maps": { score: 0 },
        "inspector-issues": { score: null },
      },
    };
    expect(failedAudits(lhr, "best-practices")).toEqual([
      "errors-in-console (Failed to load resource: 404: http://127.0.0.1:4000/x.js)",
    ]);
    expect(failedAudits(lhr, "seo")).toEqual([]);
  });
});

describe("bench: a category's score without some audits (a noindex page's SEO)", () => {
  // A noindex page as Lighthouse reports it: weights as its SEO category gives them, the
  // crawlability audit failed, the structured-data audit manual (weight 0, no score).
  const noindexPage = (descriptionScore: number): Lhr => ({
    categories: {
      seo: {
        score: null,
        auditRefs: [
          { id: "is-crawlable", weight: 4.043 },
          { id: "document-title", weight: 1 },
          { id: "meta-description", weight: 1 },
          { id: "http-status-code", weight: 1 },
          { id: "structured-data", weight: 0 },
        ],
      },
    },
    audits: {
      "is-crawlable": { score: 0 },
      "document-title": { score: 1 },
      "meta-description": { score: descriptionScore },
      "http-status-code": { score: 1 },
      "structured-data": { score: null },
    },
  });

  it("is Lighthouse's weighted mean: 43 with the failed crawlability audit, 100 without it", () => {
    expect(scoreWithout(noindexPage(1), "seo", [])).toBe(43);
    expect(scoreWithout(noindexPage(1), "seo", ["is-crawlable"])).toBe(100);
  });

  it("still counts every other failed audit", () => {
    expect(scoreWithout(noindexPage(0), "seo", ["is-crawlable"])).toBe(67);
  });

  it("has no score when an audit that counts has none", () => {
    const lhr = noindexPage(1);
    lhr.audits["document-title"] = { score: null };
    expect(scoreWithout(lhr, "seo", ["is-crawlable"])).toBeUndefined();
    expect(scoreWithout(lhr, "performance", [])).toBeUndefined();
  });
});

describe("bench: the uploaded hero's LCP picture", () => {
  const img = `<img src="${base}/media/${hero.key}-768.webp" srcset="/media/${hero.key}-480.webp 480w, /media/nile-ad…" sizes="100vw">`;

  it("is the bytes of the picture's image requests when the LCP element is that picture", () => {
    const lhr = report(
      [
        { url: `${base}/tour/nile-adventure`, resourceType: "Document", transferSize: 19_000 },
        { url: `${base}/media/${hero.key}-768.webp`, resourceType: "Image", transferSize: 107_400 },
        { url: `${base}/images/logo.svg`, resourceType: "Image", transferSize: 3_000 },
      ],
      img,
    );
    expect(lcpElement(lhr)?.snippet).toBe(img);
    expect(inspectHero(hero)(lhr)).toMatchObject({
      lcpIsPicture: 1,
      lcpPictureBytes: 107_400,
      lcpPictureUrls: `/media/${hero.key}-768.webp`,
    });
  });

  it("adds up every width of the picture the page fetched", () => {
    const lhr = report(
      [
        { url: `${base}/media/${hero.key}-768.webp`, resourceType: "Image", transferSize: 100_000 },
        { url: `${base}/media/${hero.key}-960.webp`, resourceType: "Image", transferSize: 150_000 },
      ],
      img,
    );
    expect(inspectHero(hero)(lhr).lcpPictureBytes).toBe(250_000);
  });

  it("gives no picture size when the LCP element is something else (a heading)", () => {
    const lhr = report(
      [{ url: `${base}/media/${hero.key}-768.webp`, resourceType: "Image", transferSize: 100_000 }],
      '<h1 class="mt-4">Nile Adventure</h1>',
    );
    expect(inspectHero(hero)(lhr)).toMatchObject({ lcpIsPicture: 0, lcpPictureBytes: undefined });
  });
});
