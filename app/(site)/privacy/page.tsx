import type { Metadata } from "next";
import { ContactLink, LegalPage, LegalSection } from "@/components/site/legal-page";
import { pageMetadata } from "@/lib/seo";

export const metadata: Metadata = pageMetadata({
  title: "Privacy Policy",
  description: "What OPINEX stores about you, why, who can see it, how long it is kept and how to get it exported or deleted.",
  path: "/privacy",
});

const list = "list-disc space-y-2 pl-6";

// Written from what the product really stores (models/), the cookies Auth.js sets, what Stripe
// receives and what the server logs; change it when any of those change.
export default function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy" updated={{ iso: "2026-11-25", text: "Nov 25, 2026" }}>
      <p>
        OPINEX runs yes/no surveys. This page says what we keep about you, why we keep it, who can see it and how you can
        have it exported or deleted. We do not sell personal data, show advertising or use third-party trackers or
        analytics.
      </p>

      <LegalSection id="browsing" title="If you only read surveys">
        <p>
          Reading the public pages needs no account and sets no cookie. Like every web server, ours sees your network
          address with each request; it is used for the limits described under &ldquo;Security records&rdquo; and appears in
          the server logs only when a request fails or is refused.
        </p>
      </LegalSection>

      <LegalSection id="account" title="Your account">
        <ul className={list}>
          <li>
            <strong>Name, email address and profile picture</strong>, given when you register. The picture is re-encoded
            on our server (which removes its metadata, such as location) and stored in our database.
          </li>
          <li>
            <strong>Your password</strong>, only as an argon2id hash: nobody at OPINEX can read it. If you sign in with
            Google, we keep the link between your Google account and ours (Google&rsquo;s account id and the tokens Google
            returns at sign-in) and no password.
          </li>
          <li>
            <strong>Your role</strong> (user, Extended plan member, surveyor or admin), the date the account was created and
            a counter that lets signing out end every session you have.
          </li>
          <li>
            <strong>Your signed-in browsers</strong>: for each sign-in, the browser&rsquo;s user agent (the name and version it
            reports), when it signed in and roughly when it was last used, so you can see them on your account page and sign
            any of them out.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="activity" title="Votes, comments and reports">
        <ul className={list}>
          <li>
            <strong>Each vote</strong>: the survey, your account, yes or no, the time, and the comment if you wrote one.
            Public pages only ever show totals. The surveyor who created a survey, and our admins, can see who voted and
            how (name, email, vote and comment) and can export that list; this is part of what a surveyor uses OPINEX for.
            With each vote we also keep a <strong>keyed hash of your email address</strong>, taken in lower case without a
            &ldquo;+tag&rdquo; (and, for Gmail, without dots), so that the spellings of one mailbox give one hash. It is a
            fixed string made with a secret only our server holds, and cannot be turned back into your address without
            that secret. It is used for one thing only: refusing a second vote on the same survey from the same mailbox,
            whichever account it comes from. It is never shown to anyone.
          </li>
          <li>
            <strong>Each report</strong> of a survey: the survey, your account and the time. Admins see how many reports a
            survey has.
          </li>
          <li>
            <strong>Surveys you create</strong> (as a surveyor) are public once published, with their results and your
            name; your email address is shown only to you and to our admins.
          </li>
          <li>
            <strong>Account and admin actions</strong> (a role or survey status change, a suspension and the votes it
            voided or restored, a password change or reset, a change of address, an account deletion) are recorded with
            who made them, on whom or what, and when; never a password, a link or an address.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="payments" title="Payments">
        <p>
          Payments for the Extended plan are handled by Stripe. Your card details go straight from your browser to
          Stripe and never reach our servers. We give Stripe your account id and your email address (for the receipt),
          and we keep the payment&rsquo;s Stripe id, amount, currency, your name and email, its date and whether it was
          refunded. Stripe&rsquo;s own handling of your data is described in Stripe&rsquo;s privacy policy.
        </p>
      </LegalSection>

      <LegalSection id="email" title="Email we send you">
        <p>
          We email you about your own account (the link that confirms your address, a password reset you asked for, the
          confirmation of a new address with a notice to the old one) and, only if you asked or they are your own surveys,
          about surveys: the result of a survey you asked to hear about, and news of the surveys you created. Each mail
          says why you received it, and the survey mails have a link that stops them.
        </p>
        <ul className={list}>
          <li>
            <strong>Whether your address is verified</strong>, and when. The links in our mails are stored only as a
            one-way hash, work once, and expire (30 minutes for a reset, 24 hours otherwise).
          </li>
          <li>
            <strong>The mails themselves</strong> wait in our database until they are sent, and are deleted 7 days after
            sending. They are handed to the mail service (an SMTP relay) of whoever operates the site, which delivers them
            to your inbox under its own privacy terms.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="contact-messages" title="Messages you send us">
        <p>The contact form keeps your name, email address and message so that our admins can read and answer it.</p>
      </LegalSection>

      <LegalSection id="cookies" title="Cookies and browser storage">
        <p>We use only what signing in needs; there are no advertising, analytics or preference cookies.</p>
        <ul className={list}>
          <li>
            <strong>Session cookie</strong> (<code>authjs.session-token</code>): a signed token saying who you are, set
            when you sign in and valid for up to 30 days, or until you sign out.
          </li>
          <li>
            <strong>Security cookies</strong> set by the sign-in: a CSRF token (<code>authjs.csrf-token</code>), the page to
            return to (<code>authjs.callback-url</code>) and, during a Google sign-in only, short-lived checks that the
            answer comes from Google.
          </li>
          <li>
            <strong>Browser storage</strong>: while you are signed in, the site keeps a one-hour access token in your
            browser&rsquo;s local storage (removed when you sign out), and during a Google sign-in whether you came to sign
            in or to register.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="security" title="Security records and server logs">
        <ul className={list}>
          <li>
            <strong>Attempts</strong>: each failed sign-in, and each registration and contact message, is recorded with the email
            address or network address it came from and the time, so that we can stop password guessing and abuse (for
            example, at most 10 failed sign-ins in 15 minutes).
          </li>
          <li>
            <strong>Server logs</strong>: when a request fails or is refused, the server writes one line with a request id,
            the time, the method and path, the answer&rsquo;s status and duration, your network address and, if you are
            signed in, your account id. Logs never contain passwords, tokens, cookies or what you typed. How long logs are
            kept is decided by whoever operates the server, and is limited to what investigating a problem needs.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="retention" title="How long we keep it">
        <p>
          Your account, votes, comments, reports and surveys are kept while your account exists, so that results stay
          correct and nobody votes twice. Contact messages are kept until they are answered and no longer needed. Security
          records count only within their short window (15 minutes to an hour) and are deleted after a day. Our record of a payment goes with your
          account; Stripe keeps its own record of the payment as payment and tax law require.
        </p>
      </LegalSection>

      <LegalSection id="your-rights" title="Getting your data, correcting or deleting it">
        <p>
          Your account page (Dashboard, then Account) lets you correct your name and picture, download everything we hold
          about you as a file, and delete your account. Deleting it removes your name, email, picture, password, Google
          link, signed-in browsers and the messages you sent us; your votes keep counting, anonymously, so no survey&rsquo;s
          results change, each still with the keyed hash of your address (above), so that a new account with the same
          mailbox cannot vote a second time on those surveys; the surveys you created stay; payment records are kept for accounting with your name and email
          removed. You can also <ContactLink /> from the email address of your account and we will answer by email.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="Changes to this policy">
        <p>
          When what we store changes, this page changes with it and its date above moves. Questions about privacy? <ContactLink>Contact us</ContactLink>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
