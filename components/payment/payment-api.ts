// Browser calls of the payment page. Cookies authenticate; errors carry the API's message.

export class PaymentRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function post<T>(url: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      cache: "no-store",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new PaymentRequestError(0, "Could not reach the server. Check your connection and try again.");
  }
  const data = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (!response.ok) throw new PaymentRequestError(response.status, data?.error?.message ?? `Request failed (${response.status})`);
  return data as T;
}

/** The original client sent the amount; the server ignores it and always charges 1600 USD. */
export const createPaymentIntent = () => post<{ clientSecret: string }>("/api/create-payment-intent", { amount: 1600 });

export const savePayment = (body: { paymentIntentId: string; amount: number; currency: string; user: { email: string; displayName: string | null } }) =>
  post<{ created: boolean; role: string }>("/api/save-payment", body);

export const confirmUpgrade = (email: string) =>
  post<{ modifiedCount: number }>(`/api/update_role/${encodeURIComponent(email)}`, { role: "pro_user" });
