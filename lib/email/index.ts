import "server-only";

export { deliverPending, type EmailMessage, MAX_ATTEMPTS, queueEmail } from "./outbox";
