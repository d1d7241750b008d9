export * from "./enums";
export * from "./users";
export * from "./surveys";
export * from "./votes";
export * from "./reports";
export * from "./payments";
export * from "./contact-messages";
export * from "./audit-events";
