/** Every mail the site sends, one file per subject, on the shared layout (./layout.ts). */
export * from "./account";
export * from "./booking";
export * from "./booking-confirmed";
export * from "./booking-update";
export * from "./contact";
export * from "./customer-message";
export * from "./layout";
export * from "./newsletter";
export * from "./support-reply";
export * from "./departures";
export * from "./waitlist";
export * from "./payments";
export * from "./permits";
export * from "./proposals";
