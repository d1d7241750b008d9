import { z } from "@/lib/validation/zod";

// The inputs of the share, QR and oEmbed calls: only their documented parameters mean anything.

export const qrQuerySchema = z.object({
  format: z.enum(["svg", "png"], { error: "format must be svg or png" }).default("svg"),
  download: z
    .enum(["1", "0"], { error: "download must be 1 or 0" })
    .optional()
    .transform((v) => v === "1"),
});

const dimension = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number of pixels` })
    .int(`${name} must be a whole number of pixels`)
    .min(1, `${name} must be a whole number of pixels`)
    .max(10_000, `${name} must be at most 10000`)
    .optional();

export const oembedQuerySchema = z.object({
  url: z.string({ error: "url is required" }).min(1, "url is required").max(2048, "url is too long"),
  format: z.string().max(20).optional(),
  maxwidth: dimension("maxwidth"),
  maxheight: dimension("maxheight"),
});

export const unsubscribeQuerySchema = z.object({
  token: z.string({ error: "This unsubscribe link is not valid." }).min(1, "This unsubscribe link is not valid.").max(200, "This unsubscribe link is not valid."),
});

/** The account page's mail preferences (each optional: change one at a time). */
export const mailPreferencesSchema = z
  .object({
    results: z.boolean({ error: "results must be true or false" }).optional(),
    surveyNews: z.boolean({ error: "surveyNews must be true or false" }).optional(),
    signInNotices: z.boolean({ error: "signInNotices must be true or false" }).optional(),
  })
  .strict();
