// The Extended plan: $16 once, 1600 in cents. Shared by the server (which alone sets the
// amount) and the pages that show it.
export const PRO_PLAN = { amount: 1600, currency: "usd", label: "$16.00" } as const;

export const PAYMENT_TEXTS = {
  notConfigured: "Payments are not available on this site yet, so the Extended plan cannot be bought right now.",
  refundRule: "If your payment is refunded in full, your account returns to a regular user account and comments end.",
} as const;
