import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "@pdfme/pdf-lib";

import { site } from "@/lib/site";

/**
 * The shared page of our PDFs (receipts, invoices): an ISO page, the brand's header band, label/value
 * rows, a table, a footer with the office's address and phone. Pure (no I/O): pdf-lib's standard
 * fonts are built in, so nothing is read from disk and nothing native runs.
 *
 * The standard fonts only encode WinAnsi (Latin-1 and a few more): any other character a customer
 * typed (a name in another script, an emoji) is written as its unaccented base letter or '?',
 * never an exception that would lose the document.
 */

const PAGE_SIZE: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const FOREST_DEEP = rgb(15 / 255, 61 / 255, 46 / 255);
const SAVANNA = rgb(224 / 255, 165 / 255, 38 / 255);
const TEXT = rgb(23 / 255, 37 / 255, 29 / 255);
const MUTED = rgb(91 / 255, 100 / 255, 89 / 255);
const RULE = rgb(230 / 255, 220 / 255, 200 / 255);

export type Row = { label: string; value: string };

export type PdfWriter = {
  heading: (text: string) => void;
  paragraph: (text: string) => void;
  rows: (rows: readonly Row[]) => void;
  table: (
    columns: readonly { title: string; width: number; right?: boolean }[],
    body: string[][],
  ) => void;
  total: (label: string, value: string) => void;
  gap: (points?: number) => void;
  finish: () => Promise<Uint8Array>;
};

/** Letters that carry a stroke rather than a combining mark: NFKD leaves them whole. */
const STROKED: Record<string, string> = { Ł: "L", ł: "l", Đ: "D", đ: "d", Ħ: "H", ħ: "h", ı: "i" };

/** `text` in characters the font can encode (see the module comment). */
export function encodable(text: string, charset: ReadonlySet<number>): string {
  let out = "";
  for (const ch of text.replace(/[\r\n\t]+/g, " ")) {
    const code = ch.codePointAt(0)!;
    if (charset.has(code)) {
      out += ch;
      continue;
    }
    const base = (STROKED[ch] ?? ch).normalize("NFKD").replace(/\p{M}/gu, "");
    out += [...base].every((c) => charset.has(c.codePointAt(0)!)) && base ? base : "?";
  }
  return out;
}

/** A new document with the brand header; `title` is the document's kind ('Receipt'). */
export async function startDocument(meta: {
  title: string;
  subject: string;
  createdAt: Date;
}): Promise<PdfWriter> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${site.name} ${meta.title}: ${meta.subject}`);
  doc.setAuthor(site.name);
  doc.setCreator(site.name);
  doc.setProducer(site.name);
  doc.setCreationDate(meta.createdAt);
  doc.setModificationDate(meta.createdAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const serif = await doc.embedFont(StandardFonts.TimesRomanBold);
  const italic = await doc.embedFont(StandardFonts.TimesRomanItalic);
  const charset = new Set(regular.getCharacterSet());
  const safe = (text: string) => encodable(text, charset);

  const width = PAGE_SIZE[0] - 2 * MARGIN;
  let page: PDFPage;
  let y = 0;

  const newPage = () => {
    page = doc.addPage(PAGE_SIZE);
    page.drawRectangle({ x: 0, y: PAGE_SIZE[1] - 96, width: PAGE_SIZE[0], height: 96, color: FOREST_DEEP });
    page.drawText(site.name, {
      x: MARGIN,
      y: PAGE_SIZE[1] - 50,
      size: 24,
      font: serif,
      color: rgb(1, 1, 1),
    });
    page.drawText(safe(site.tagline), {
      x: MARGIN,
      y: PAGE_SIZE[1] - 72,
      size: 12,
      font: italic,
      color: SAVANNA,
    });
    const kind = meta.title.toUpperCase();
    page.drawText(kind, {
      x: PAGE_SIZE[0] - MARGIN - bold.widthOfTextAtSize(kind, 16),
      y: PAGE_SIZE[1] - 56,
      size: 16,
      font: bold,
      color: rgb(1, 1, 1),
    });
    for (const [i, line] of [
      `${site.name} · ${site.address}`,
      `${site.phone} · ${site.email}`,
    ].entries()) {
      page.drawText(safe(line), {
        x: MARGIN,
        y: 36 - i * 12,
        size: 8,
        font: regular,
        color: MUTED,
      });
    }
    y = PAGE_SIZE[1] - 132;
  };
  newPage();

  /** Breaks `text` into lines no wider than `max` points. */
  const wrap = (text: string, font: PDFFont, size: number, max: number): string[] => {
    const lines: string[] = [];
    let line = "";
    for (const word of safe(text).split(" ")) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= max || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
    // A single word wider than the column is cut rather than drawn over the margin.
    return lines.map((l) => {
      let cut = l;
      while (cut.length > 1 && font.widthOfTextAtSize(cut, size) > max) cut = cut.slice(0, -1);
      return cut;
    });
  };
  const room = (points: number) => {
    if (y - points < 64) newPage();
  };
  const line = (text: string, x: number, font: PDFFont, size: number, color = TEXT) =>
    page.drawText(text, { x, y, size, font, color });
  const rule = () => {
    page.drawLine({
      start: { x: MARGIN, y: y + 8 },
      end: { x: MARGIN + width, y: y + 8 },
      thickness: 0.5,
      color: RULE,
    });
  };

  return {
    heading(text) {
      room(46);
      y -= 6;
      line(safe(text), MARGIN, serif, 18, FOREST_DEEP);
      y -= 28;
    },
    paragraph(text) {
      for (const l of wrap(text, regular, 10, width)) {
        room(14);
        line(l, MARGIN, regular, 10, MUTED);
        y -= 14;
      }
      y -= 6;
    },
    rows(rows) {
      const labelWidth = 150;
      for (const row of rows) {
        const lines = wrap(row.value, bold, 10, width - labelWidth);
        room(lines.length * 14 + 8);
        line(safe(row.label), MARGIN, regular, 10, MUTED);
        for (const l of lines) {
          line(l, MARGIN + labelWidth, bold, 10);
          y -= 14;
        }
        y -= 6;
        rule();
      }
      y -= 10;
    },
    table(columns, body) {
      const total = columns.reduce((s, c) => s + c.width, 0);
      const widths = columns.map((c) => (c.width / total) * width);
      const draw = (cells: readonly string[], font: PDFFont, color = TEXT) => {
        let x = MARGIN;
        cells.forEach((cell, i) => {
          const w = widths[i]!;
          const [text = ""] = wrap(cell, font, 9, w - 6);
          const right = columns[i]!.right;
          line(text, right ? x + w - font.widthOfTextAtSize(text, 9) : x, font, 9, color);
          x += w;
        });
        y -= 16;
      };
      room(40);
      draw(
        columns.map((c) => c.title),
        bold,
        MUTED,
      );
      rule();
      for (const cells of body) {
        room(16);
        draw(cells, regular);
      }
      y -= 8;
    },
    total(label, value) {
      room(24);
      const text = safe(value);
      line(safe(label), MARGIN + width / 2, bold, 12);
      line(text, MARGIN + width - bold.widthOfTextAtSize(text, 12), bold, 12, FOREST_DEEP);
      y -= 22;
    },
    gap(points = 12) {
      y -= points;
    },
    async finish() {
      return doc.save();
    },
  };
}
