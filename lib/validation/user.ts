// Schemas for sign-in, registration, profile and password forms, with the messages of docs/product.md
// "Accounts" (the register maximum message corrected).
import { z } from "zod";
import { isAcceptedMediaUrl, mediaUrlMessage, onStrings, requiredText, text } from "./fields";

const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 12;

export const emailField = requiredText("email", "Email is required", { max: 254, message: "Email is not valid" })
  .toLowerCase()
  .regex(z.regexes.email, "Email is not valid");

/** 6 to 12 characters after trimming; `requiredMessage` names the form's field. */
export function passwordField(field: string, requiredMessage: string) {
  return requiredText(field, requiredMessage, {
    max: PASSWORD_MAX,
    message: `Password must be at most ${PASSWORD_MAX} characters`,
  }).min(PASSWORD_MIN, onStrings({ error: `Password must be at least ${PASSWORD_MIN} characters` }));
}

const fullNameField = requiredText("fullName", "Full name is required", {
  max: 100,
  message: "Full name must be at most 100 characters",
});

export const loginSchema = z.object({
  email: emailField,
  password: passwordField("password", "Password is required"),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  fullName: fullNameField,
  email: emailField,
  password: passwordField("password", "Password is required"),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const profileSchema = z.object({
  fullName: fullNameField,
  /** Read-only: it must be the account's own email (checked on the server). */
  email: emailField,
  /** The picture: an uploaded image, an https URL, or empty for none. Missing keeps the current one. */
  image: text("image")
    .trim()
    .max(2000, onStrings({ error: "Image URL is too long" }))
    .refine((url) => url === "" || isAcceptedMediaUrl(url, "image"), mediaUrlMessage("Image", "image"))
    .optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

const passwordFields = {
  oldPassword: passwordField("oldPassword", "Password is required"),
  newPassword: passwordField("newPassword", "New password is required"),
  comfirmPassword: text("comfirmPassword")
    .trim()
    .optional()
    .describe("Optional confirmation (the original client's spelling); must equal newPassword when sent"),
  confirmPassword: text("confirmPassword")
    .trim()
    .optional()
    .describe("The same, spelled correctly; comfirmPassword wins when both are sent"),
};

/** The confirmation as sent: the original client spells it `comfirmPassword`, `confirmPassword` is accepted too. */
const confirmationOf = (value: { comfirmPassword?: string; confirmPassword?: string }) =>
  value.comfirmPassword ?? value.confirmPassword;

/**
 * PUT /api/user/password. The confirmation is the form's concern: a client may leave it out (the
 * original single-page client has no such field), but one that is sent must match.
 */
export const passwordSchema = z.object(passwordFields).superRefine((value, ctx) => {
  const confirmation = confirmationOf(value);
  if (confirmation !== undefined && confirmation !== value.newPassword) {
    ctx.addIssue({ code: "custom", path: ["comfirmPassword"], message: "Passwords must match" });
  }
});
export type PasswordInput = z.infer<typeof passwordSchema>;

/**
 * The change-password form on /password, which always asks for the confirmation. It is a field
 * check of its own, not part of the object's refinement: zod skips that refinement while any field
 * is invalid, so an empty form would say nothing about an empty Confirm Password.
 */
export const passwordFormSchema = z
  .object({
    ...passwordFields,
    comfirmPassword: requiredText("comfirmPassword", "Confirm password is required"),
  })
  .superRefine((value, ctx) => {
    if (value.comfirmPassword !== value.newPassword)
      ctx.addIssue({ code: "custom", path: ["comfirmPassword"], message: "Passwords must match" });
  });
