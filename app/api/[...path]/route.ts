// Any other /api path: a JSON 404 in the contract's error shape (API clients never get the HTML page).
import { ApiError } from "@/lib/api/errors";
import { jsonError, route } from "@/lib/api/handler";

// No operation: the API reference describes calls, and this is only the error every other path gets.
const unknown = route({ auth: "none", doc: null, handler: () => jsonError(new ApiError("not_found", "No such API call")) });

export { unknown as GET, unknown as POST, unknown as PUT, unknown as PATCH, unknown as DELETE };
