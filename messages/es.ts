// The es texts, one file per area (README.md in this folder).
import client from "./client/es.json";
import altcha from "./altcha/es.json";
import common from "./common/es.json";
import home from "./home/es.json";
import surveys from "./surveys/es.json";
import legal from "./legal/es.json";
import pricing from "./pricing/es.json";
import survey from "./survey/es.json";
import auth from "./auth/es.json";
import mail from "./mail/es.json";
import account from "./account/es.json";
import dashboard from "./dashboard/es.json";
import surveyor from "./surveyor/es.json";
import admin from "./admin/es.json";
import docs from "./docs/es.json";

const messages = { client, altcha, common, home, surveys, legal, pricing, survey, auth, mail, account, dashboard, surveyor, admin, docs };
export default messages;
