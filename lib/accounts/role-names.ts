import type { Role } from "@/models/enums";

/** Each role in people's words, where the stored value ("pro_user") would otherwise show. Loads in the browser. */
export const ROLE_NAMES: Record<Role, string> = { admin: "Admin", user: "User", surveyor: "Surveyor", pro_user: "Pro user" };
