import { notFound, redirect } from "next/navigation";
import { describe, expect, it, vi } from "vitest";

import { loggedRead } from "@/lib/logged-read";

describe("loggedRead", () => {
  it("returns what the read returns", async () => {
    expect(await loggedRead("bookings", async () => [1, 2], [])).toEqual([1, 2]);
  });

  it("logs a failed read and returns the fallback, so the page shows an empty list", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await loggedRead(
      "customer bookings",
      async () => {
        throw new Error("connection terminated");
      },
      [],
    );
    expect(result).toEqual([]);
    expect(errors).toHaveBeenCalledWith(
      JSON.stringify({
        event: "read_failed",
        what: "customer bookings",
        error: "connection terminated",
      }),
    );
    errors.mockRestore();
  });

  it("lets Next's redirect and not-found through", async () => {
    await expect(
      loggedRead("x", async () => redirect("/customer/auth"), null),
    ).rejects.toMatchObject({ digest: expect.stringContaining("NEXT_REDIRECT") });
    await expect(loggedRead("x", async () => notFound(), null)).rejects.toMatchObject({
      digest: expect.stringContaining("404"),
    });
  });
});
