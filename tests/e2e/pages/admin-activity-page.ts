import { AdminListPage } from "./admin-list-page";

/** /admin/activity: the audit trail, its filters and its rows (a table from 768 px, cards below). */
export class AdminActivityPage extends AdminListPage {
  protected readonly path = "/admin/activity";
  readonly heading = this.page.getByRole("heading", { level: 1, name: "Activity" });
  readonly actor = this.page.getByLabel("Actor email", { exact: true });
  readonly action = this.page.getByLabel("Action", { exact: true });
  readonly from = this.page.getByLabel("From", { exact: true });
  readonly to = this.page.getByLabel("To", { exact: true });
  readonly count = this.page.getByRole("status").filter({ hasText: /\bevents?\b/ });
  readonly table = this.page.getByRole("table", { name: "Activity, newest first", exact: true });
  readonly cards = this.page.getByRole("list", { name: "Activity", exact: true });
}
