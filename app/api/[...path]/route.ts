// Any other /api path: a JSON 404 in the contract's error shape (API clients never get the HTML page).
import { jsonError } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";

const unknown = async () => jsonError(new ApiError("not_found", "No such API call"));

export { unknown as GET, unknown as POST, unknown as PUT, unknown as PATCH, unknown as DELETE };
