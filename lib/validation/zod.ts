// The zod every schema here is built with. These schemas also run in the browser (the forms), where
// zod's probe of whether it may compile parsers with `new Function` is reported as a violation by a
// script policy without 'unsafe-eval' (the dashboards'), though zod catches the refusal: there it
// parses without compiling. The server keeps the compiled parsers.
import { z } from "zod";

if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
