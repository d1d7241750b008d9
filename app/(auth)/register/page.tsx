import { authFormMetadata, authFormPage } from "@/components/auth/auth-form-page";
import { RegisterForm } from "@/components/auth/register-form";

const TITLE = "Register for your account";

export const metadata = authFormMetadata(TITLE);
export default authFormPage(TITLE, RegisterForm, { forSignedOut: true });
