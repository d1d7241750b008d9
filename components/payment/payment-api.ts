// Browser calls of the payment page. Cookies authenticate; errors carry the API's message.
import { sendJson } from "@/lib/api/client";

/** The original client sent the amount; the server ignores it and always charges 1600 USD. */
export const createPaymentIntent = () => sendJson<{ clientSecret: string }>("/api/create-payment-intent", { amount: 1600 });

export const savePayment = (body: { paymentIntentId: string; amount: number; currency: string; user: { email: string; displayName: string | null } }) =>
  sendJson<{ created: boolean; role: string }>("/api/save-payment", body);

export const confirmUpgrade = (email: string) =>
  sendJson<{ modifiedCount: number }>(`/api/update_role/${encodeURIComponent(email)}`, { role: "pro_user" });
