// The en texts, one file per area (README.md in this folder).
import client from "./client/en.json";
import altcha from "./altcha/en.json";
import common from "./common/en.json";
import home from "./home/en.json";
import surveys from "./surveys/en.json";
import legal from "./legal/en.json";
import pricing from "./pricing/en.json";
import survey from "./survey/en.json";
import auth from "./auth/en.json";
import mail from "./mail/en.json";
import account from "./account/en.json";
import dashboard from "./dashboard/en.json";
import surveyor from "./surveyor/en.json";
import admin from "./admin/en.json";
import docs from "./docs/en.json";

const messages = { client, altcha, common, home, surveys, legal, pricing, survey, auth, mail, account, dashboard, surveyor, admin, docs };
export default messages;
