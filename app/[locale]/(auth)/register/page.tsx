import { authFormMetadata, authFormPage } from "@/components/auth/auth-form-page";
import { RegisterForm } from "@/components/auth/register-form";
import { localised } from "@/lib/i18n/server";

export const generateMetadata = authFormMetadata("register");
export default localised(authFormPage("register", RegisterForm, { forSignedOut: true }));
