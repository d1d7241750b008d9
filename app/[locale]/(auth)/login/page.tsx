import { authFormMetadata, authFormPage } from "@/components/auth/auth-form-page";
import { LoginForm } from "@/components/auth/login-form";
import { localised } from "@/lib/i18n/server";

export const generateMetadata = authFormMetadata("login");
export default localised(authFormPage("login", LoginForm, { forSignedOut: true }));
