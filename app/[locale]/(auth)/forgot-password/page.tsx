import { authFormMetadata, authFormPage } from "@/components/auth/auth-form-page";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { localised } from "@/lib/i18n/server";

export const generateMetadata = authFormMetadata("forgotPassword");
export default localised(authFormPage("forgotPassword", ForgotPasswordForm));
