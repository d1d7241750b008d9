// The de texts, one file per area (README.md in this folder).
import client from "./client/de.json";
import altcha from "./altcha/de.json";
import common from "./common/de.json";
import home from "./home/de.json";
import surveys from "./surveys/de.json";
import legal from "./legal/de.json";
import pricing from "./pricing/de.json";
import survey from "./survey/de.json";
import auth from "./auth/de.json";
import mail from "./mail/de.json";
import account from "./account/de.json";
import dashboard from "./dashboard/de.json";
import surveyor from "./surveyor/de.json";
import admin from "./admin/de.json";
import docs from "./docs/de.json";

const messages = { client, altcha, common, home, surveys, legal, pricing, survey, auth, mail, account, dashboard, surveyor, admin, docs };
export default messages;
