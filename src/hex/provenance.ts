/**
 * Where a chart value comes from. None of the rule books prints its charts or counters, so every chart
 * entry and counter says where its values come from: "rule" (stated in the text: rule id), "example"
 * (recovered from a worked example: rule id), "designed" (filled in by tacsim, consistent with the rest) or
 * "official" (copied by the user from their own printed chart).
 */
import { z } from 'zod';

export const provenance = z
  .strictObject({
    source: z.enum(['rule', 'example', 'designed', 'official'], {
      message: 'source must be "rule", "example", "designed" or "official" (a value copied from your own printed chart)',
    }),
    rule: z.string().optional(),
    note: z.string().optional(),
  })
  .refine((p) => p.source === 'designed' || p.source === 'official' || (p.rule !== undefined && p.rule !== ''), {
    message: 'a "rule" or "example" source must name the rule id it comes from ("rule": "10.3")',
  });
export type Provenance = z.infer<typeof provenance>;

/** A number with its provenance. */
export const sourced = (inner: z.ZodNumber = z.number()) => z.strictObject({ value: inner, source: provenance });
