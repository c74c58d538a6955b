import { AdminListPage } from "./admin-list-page";

/**
 * /admin/payments: the summary cards, the filters (status, method, days) and the ledger's rows
 * (a table from 768 px, cards below), or its empty states.
 */
export class AdminPaymentsPage extends AdminListPage {
  protected readonly path = "/admin/payments";
  readonly heading = this.page.getByRole("heading", { level: 1, name: "Payments" });
  readonly summary = this.page.getByRole("region", { name: "Payments summary" });
  readonly statusFilter = this.page.getByLabel("Status", { exact: true });
  readonly methodFilter = this.page.getByLabel("Method", { exact: true });
  readonly from = this.page.getByLabel("From", { exact: true });
  readonly to = this.page.getByLabel("To", { exact: true });
  readonly count = this.page.getByRole("status").filter({ hasText: /\bpayments?$/ });
  readonly table = this.page.getByRole("table", { name: "Payments, newest first", exact: true });
  readonly cards = this.page.getByRole("list", { name: "Payments", exact: true });
  readonly empty = this.page.getByRole("heading", { name: "No payments yet" });
  readonly noMatches = this.page.getByRole("heading", { name: "No payments found" });

  /** A summary card's figure, by its label ('Received this month'). */
  figure(label: string) {
    return this.summary.getByRole("group", { name: label }).locator('[data-slot="stat-value"]');
  }
}
