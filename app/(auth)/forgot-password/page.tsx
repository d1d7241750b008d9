import { authFormMetadata, authFormPage } from "@/components/auth/auth-form-page";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";

const TITLE = "Forgot your password?";

export const metadata = authFormMetadata(TITLE);
export default authFormPage(TITLE, ForgotPasswordForm);
