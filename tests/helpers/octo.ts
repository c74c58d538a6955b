/**
 * Calls of the OCTO API's route handlers (app/octo/...) as a reseller's client makes them: a
 * bearer key, the capabilities header, a JSON body; and the answers read back as JSON.
 */
import * as availabilityRoute from "@/app/octo/availability/route";
import * as calendarRoute from "@/app/octo/availability/calendar/route";
import * as bookingsRoute from "@/app/octo/bookings/route";
import * as bookingRoute from "@/app/octo/bookings/[uuid]/route";
import * as cancelRoute from "@/app/octo/bookings/[uuid]/cancel/route";
import * as confirmRoute from "@/app/octo/bookings/[uuid]/confirm/route";
import * as extendRoute from "@/app/octo/bookings/[uuid]/extend/route";
import * as productRoute from "@/app/octo/products/[id]/route";
import * as productsRoute from "@/app/octo/products/route";
import * as supplierRoute from "@/app/octo/supplier/route";

type Handler = (request: Request, route?: { params?: Promise<never> }) => Promise<Response>;

export const CAPABILITIES = "octo/pricing, octo/content";

export type OctoAnswer<T = unknown> = { status: number; body: T; headers: Headers };

/** One call: `key` null sends no Authorization header. */
export async function octoCall<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any
  handler: Handler,
  path: string,
  options: {
    key: string | null;
    method?: string;
    body?: unknown;
    params?: Record<string, string>;
    capabilities?: string;
  },
): Promise<OctoAnswer<T>> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "octo-capabilities": options.capabilities ?? CAPABILITIES,
  };
  if (options.key !== null) headers.authorization = `Bearer ${options.key}`;
  const request = new Request(`http://localhost:3000/octo${path}`, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const response = await handler(request, {
    params: Promise.resolve(options.params ?? {}) as Promise<never>,
  });
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

/** The API as one reseller's client calls it. */
export function octoClient(key: string | null) {
  const h = (route: { [method: string]: unknown }, method: string) => route[method] as Handler;
  return {
    supplier: () => octoCall(h(supplierRoute, "GET"), "/supplier", { key }),
    products: () => octoCall(h(productsRoute, "GET"), "/products", { key }),
    product: (id: string) =>
      octoCall(h(productRoute, "GET"), `/products/${id}`, { key, params: { id } }),
    availability: (body: unknown) =>
      octoCall(h(availabilityRoute, "POST"), "/availability", { key, method: "POST", body }),
    calendar: (body: unknown) =>
      octoCall(h(calendarRoute, "POST"), "/availability/calendar", {
        key,
        method: "POST",
        body,
      }),
    reserve: (body: unknown) =>
      octoCall(h(bookingsRoute, "POST"), "/bookings", { key, method: "POST", body }),
    list: (query: string) => octoCall(h(bookingsRoute, "GET"), `/bookings${query}`, { key }),
    get: (uuid: string) =>
      octoCall(h(bookingRoute, "GET"), `/bookings/${uuid}`, { key, params: { uuid } }),
    update: (uuid: string, body: unknown) =>
      octoCall(h(bookingRoute, "PATCH"), `/bookings/${uuid}`, {
        key,
        method: "PATCH",
        body,
        params: { uuid },
      }),
    remove: (uuid: string, body: unknown = {}) =>
      octoCall(h(bookingRoute, "DELETE"), `/bookings/${uuid}`, {
        key,
        method: "DELETE",
        body,
        params: { uuid },
      }),
    confirm: (uuid: string, body: unknown = {}) =>
      octoCall(h(confirmRoute, "POST"), `/bookings/${uuid}/confirm`, {
        key,
        method: "POST",
        body,
        params: { uuid },
      }),
    extend: (uuid: string, body: unknown = {}) =>
      octoCall(h(extendRoute, "POST"), `/bookings/${uuid}/extend`, {
        key,
        method: "POST",
        body,
        params: { uuid },
      }),
    cancel: (uuid: string, body: unknown = {}) =>
      octoCall(h(cancelRoute, "POST"), `/bookings/${uuid}/cancel`, {
        key,
        method: "POST",
        body,
        params: { uuid },
      }),
  };
}

/** A departure's availability id: its start day as OCTO's local date-time in Kampala. */
export const availabilityIdOf = (startDate: string) => `${startDate}T00:00:00+03:00`;
