"use server";

import { redirect } from "next/navigation";

import { type ErrorMapping, publicAction, staffAction } from "@/lib/action";
import { deliverAfterResponse } from "@/lib/email";
import type { DomainError } from "@/lib/errors";
import { ACCEPT_TERMS_MESSAGE, acceptProposalSchema } from "@/lib/proposals/accept-schema";
import {
  createProposal,
  removeProposalDay,
  removeProposalLine,
  saveProposalDay,
  saveProposalLine,
  sendProposalVersion,
  setVersionPrices,
  startNewVersion,
  updateVersionSettings,
} from "@/lib/proposals/data/staff";
import { acceptProposal } from "@/lib/proposals/data/traveller";
import { PROPOSALS_PATH } from "@/lib/proposals/list-query";
import {
  createProposalSchema,
  proposalDaySchema,
  proposalLineSchema,
  removeDaySchema,
  removeLineSchema,
  versionIdSchema,
  versionPricesSchema,
  versionSettingsSchema,
} from "@/lib/proposals/schemas";

/**
 * Tailor-made proposals: staff build and send them (/admin/proposals), the traveller accepts one
 * from the link mailed to them.
 */

/* ------------------------------------------------------------------------------------------ */
/* Staff build and send (/admin/proposals)                                                     */
/* ------------------------------------------------------------------------------------------ */

/** The builder's pages and the list: every change shows on both. */
const builderRevalidate = [[PROPOSALS_PATH, "layout"]] as const;

const notFound = { title: "Not Found", message: "This proposal or its part no longer exists." };

/** A change the versions' state refuses: its reason as the toast. */
const locked =
  (title: string) =>
  (error: DomainError): ErrorMapping => ({
    title,
    message: error.details.reason ?? "This proposal can no longer be changed.",
  });

/** 'New proposal': a proposal and its first draft, then its builder. */
export const createProposalAction = staffAction(
  createProposalSchema,
  async (data) => {
    const created = await createProposal(data);
    redirect(`${PROPOSALS_PATH}/${created.id}`);
  },
  {
    name: "createProposal",
    failure: { title: "Error", message: "Failed to create the proposal." },
    errors: {
      not_found: { field: "bookingId", message: "This request no longer exists." },
      proposal_locked: locked("Proposal Exists"),
    },
    revalidate: [PROPOSALS_PATH, "/admin/bookings"],
  },
);

/** The draft's party, dates, markup, deposit, words. */
export const updateVersionSettingsAction = staffAction(
  versionSettingsSchema,
  async (data) => {
    await updateVersionSettings(data);
    return { title: "Proposal Saved", message: "The draft has been saved and repriced." };
  },
  {
    name: "updateVersionSettings",
    failure: { title: "Error", message: "Failed to save the draft." },
    errors: {
      not_found: notFound,
      proposal_locked: (error) =>
        error.details.reason?.includes("option date")
          ? { field: "optionDate", message: error.details.reason }
          : locked("Cannot Save")(error),
    },
    revalidate: builderRevalidate,
  },
);

export const setVersionPricesAction = staffAction(
  versionPricesSchema,
  async (data) => {
    await setVersionPrices(data);
    return data.use === "suggested"
      ? { title: "Prices Reset", message: "The suggested prices are used again." }
      : {
          title: "Prices Saved",
          message: "Your prices have been saved; the total was recomputed.",
        };
  },
  {
    name: "setVersionPrices",
    failure: { title: "Error", message: "Failed to save the prices." },
    errors: { not_found: notFound, proposal_locked: locked("Cannot Save") },
    revalidate: builderRevalidate,
  },
);

export const saveProposalDayAction = staffAction(
  proposalDaySchema,
  async (data) => {
    const { day } = await saveProposalDay(data);
    return { title: data.dayId ? "Day Saved" : "Day Added", message: `Day ${day}: ${data.title}.` };
  },
  {
    name: "saveProposalDay",
    failure: { title: "Error", message: "Failed to save the day." },
    errors: { not_found: notFound, proposal_locked: locked("Cannot Save") },
    revalidate: builderRevalidate,
  },
);

export const removeProposalDayAction = staffAction(
  removeDaySchema,
  async (data) => {
    await removeProposalDay(data);
    return { title: "Day Removed", message: "The day and its lines were removed." };
  },
  {
    name: "removeProposalDay",
    failure: { title: "Error", message: "Failed to remove the day." },
    errors: { not_found: notFound, proposal_locked: locked("Cannot Remove") },
    revalidate: builderRevalidate,
  },
);

export const saveProposalLineAction = staffAction(
  proposalLineSchema,
  async (data) => {
    await saveProposalLine(data);
    return {
      title: data.lineId ? "Line Saved" : "Line Added",
      message: `Day ${data.day}: the line has been priced.`,
    };
  },
  {
    name: "saveProposalLine",
    failure: { title: "Error", message: "Failed to save the line." },
    errors: { not_found: notFound, proposal_locked: locked("Cannot Save") },
    revalidate: builderRevalidate,
  },
);

export const removeProposalLineAction = staffAction(
  removeLineSchema,
  async (data) => {
    await removeProposalLine(data);
    return { title: "Line Removed", message: "The line was removed and the price updated." };
  },
  {
    name: "removeProposalLine",
    failure: { title: "Error", message: "Failed to remove the line." },
    errors: { not_found: notFound, proposal_locked: locked("Cannot Remove") },
    revalidate: builderRevalidate,
  },
);

/** 'Make a new version': a draft copying the sent version. */
export const startNewVersionAction = staffAction(
  versionIdSchema,
  async (data) => {
    const { number } = await startNewVersion(data);
    return {
      title: "New Version",
      message: `Version ${number} is a draft: change it, then send it.`,
    };
  },
  {
    name: "startNewVersion",
    failure: { title: "Error", message: "Failed to make a new version." },
    errors: { not_found: notFound, proposal_locked: locked("Cannot Make a Version") },
    revalidate: builderRevalidate,
  },
);

/** 'Send to traveller': the version sent, its link mailed. */
export const sendProposalAction = staffAction(
  versionIdSchema,
  async (data) => {
    const sent = await sendProposalVersion(data);
    deliverAfterResponse();
    return {
      title: "Proposal Sent",
      message: `${sent.reference} version ${sent.number} has been sent to ${sent.email}.`,
    };
  },
  {
    name: "sendProposal",
    failure: { title: "Error", message: "Failed to send the proposal." },
    errors: { not_found: notFound, proposal_locked: locked("Cannot Send") },
    revalidate: builderRevalidate,
  },
);

/* ------------------------------------------------------------------------------------------ */
/* The traveller accepts                                                                       */
/* ------------------------------------------------------------------------------------------ */

/**
 * 'Accept and pay the deposit' on a proposal's page (/proposal/<token>): whoever holds a valid
 * link accepts the version it names, with their name and the booking terms ticked. The token is
 * verified again in the data module; the client address is the one the deployment's trusted hops
 * vouch for. Accepted, the browser goes straight to the deposit on the booking's pay page.
 */
export const acceptProposalAction = publicAction(
  acceptProposalSchema,
  async (data, { ip }) => {
    const accepted = await acceptProposal(data, ip);
    deliverAfterResponse();
    redirect(accepted.payPath);
  },
  {
    name: "acceptProposalAction",
    rateLimit: [
      {
        scope: "proposal-accept",
        keys: ({ token }, { ip }) => [ip, `link:${token.slice(0, 24)}`],
        limits: { perMinute: 5, perHour: 30 },
      },
    ],
    errors: {
      proposal_unavailable: (error) => ({
        title: "Cannot Accept",
        message: error.details.reason ?? "This proposal can no longer be accepted.",
      }),
      not_found: {
        title: "Cannot Accept",
        message: "This proposal is no longer available. Please contact us.",
      },
      seats_unavailable: {
        title: "Cannot Accept",
        message:
          "The permits for your trek are no longer free. Nothing was booked: please contact us and we will find another day.",
      },
    },
    invalid: (fieldErrors) =>
      fieldErrors.terms ? { title: "Terms Required", message: ACCEPT_TERMS_MESSAGE } : undefined,
    failure: {
      title: "Acceptance Failed",
      message: "We could not record your acceptance. Nothing was booked: please try again.",
    },
  },
);
