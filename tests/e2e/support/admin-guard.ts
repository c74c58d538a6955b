import { expect, test } from "../fixtures";

/** Declares the test that the admin screen at `path` sends a signed-out visitor to the login. */
export function testSignedOutSentToAdminLogin(path: string) {
  test("a signed-out visitor is sent to the admin login", async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/login/);
  });
}
