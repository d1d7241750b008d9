import { NotFoundMessage } from "@/components/site/not-found-message";

// A survey that does not exist or is not published, and the cached views' unknown values (notFound()
// in this group's pages): the same error page inside this group's layout, which already draws the
// site's frame and its <main>.
export default function SiteNotFound() {
  return <NotFoundMessage />;
}
