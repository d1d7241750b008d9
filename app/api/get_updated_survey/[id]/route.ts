// GET /api/get_updated_survey/{id}: the original client's second name for GET /api/survey/{id}
// (it re-reads yesCount and noCount after a vote); one handler serves both paths.
export { GET, OPTIONS } from "../../survey/[id]/route";
