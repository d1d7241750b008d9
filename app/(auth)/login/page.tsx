import { authFormMetadata, authFormPage } from "@/components/auth/auth-form-page";
import { LoginForm } from "@/components/auth/login-form";

const TITLE = "Login to your account";

export const metadata = authFormMetadata(TITLE);
export default authFormPage(TITLE, LoginForm, { forSignedOut: true });
