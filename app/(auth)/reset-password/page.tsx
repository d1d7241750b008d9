import { authFormMetadata, authFormPage } from "@/components/auth/auth-form-page";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";

const TITLE = "Choose a new password";

export const metadata = authFormMetadata(TITLE);
export default authFormPage(TITLE, ResetPasswordForm);
