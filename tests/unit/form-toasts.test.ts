/**
 * A form's toasts (components/forms/load-toast.ts): each answer of one form is shown under that
 * form's id, so Sonner puts it in the place of the form's last toast instead of stacking it below
 * ('Sign Up Failed' never stays under 'Account Created').
 */
import { describe, expect, it, vi } from "vitest";

const success = vi.fn();
const error = vi.fn();
vi.mock("sonner", () => ({ toast: { success, error } }));
vi.stubGlobal("window", { dispatchEvent: () => true });

const { toastState } = await import("@/components/forms/load-toast");

describe("a form's toasts", () => {
  it("are shown under the form's id, whatever the answer", async () => {
    await toastState({ status: "success", title: "Account Created", message: "" }, "x", "form-1");
    await toastState(
      { status: "error", title: "Sign Up Failed", message: "This email is taken." },
      "x",
      "form-1",
    );
    expect(success).toHaveBeenCalledWith(
      "Account Created",
      expect.objectContaining({ id: "form-1" }),
    );
    expect(error).toHaveBeenCalledWith(
      "Sign Up Failed",
      expect.objectContaining({ id: "form-1", description: "This email is taken." }),
    );
  });
});
