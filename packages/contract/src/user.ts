import { z } from 'zod';
import { DESCRIPTION_MAX_LENGTH, loginMethodSchema, userNameSchema } from './auth';
import { purchaseSchema } from './payments';

/** `GET /api/v0/user`: the profile (spec section 3: name, email, id, description, purchases). */
export const userProfileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    description: z.string(),
    login_method: loginMethodSchema,
    email_verified: z.boolean(),
    created_at: z.string(),
    purchases: z.array(purchaseSchema),
  })
  .meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof userProfileSchema>;

/** `PATCH /api/v0/user`: change name and/or description → the profile. */
export const userUpdateRequestSchema = z
  .object({
    name: userNameSchema.optional(),
    description: z.string().trim().max(DESCRIPTION_MAX_LENGTH).optional(),
  })
  .refine((body) => body.name !== undefined || body.description !== undefined, {
    message: 'Give a name or a description to change',
  });
export type UserUpdateRequest = z.infer<typeof userUpdateRequestSchema>;
