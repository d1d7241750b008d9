import type { Metadata } from "next";
import Link from "next/link";
import { ContactLink, LegalPage, LegalSection } from "@/components/site/legal-page";
import { PAYMENT_TEXTS, PRO_PLAN } from "@/lib/payments/plan";
import { pageMetadata } from "@/lib/seo";

export const metadata: Metadata = pageMetadata({
  title: "Terms of Service",
  description: "The rules for using OPINEX: accounts, votes, surveys and comments, the Extended plan and its payment, and what we may do.",
  path: "/terms",
});

const list = "list-disc space-y-2 pl-6";

export default function TermsPage() {
  return (
    <LegalPage title="Terms of Service" updated={{ iso: "2026-11-25", text: "Nov 25, 2026" }}>
      <p>
        These terms apply to everyone who uses OPINEX, the yes/no survey site. By creating an account or voting you accept
        them. How we handle personal data is described in our <Link href="/privacy" className="text-brand-700 underline underline-offset-4">Privacy Policy</Link>.
      </p>

      <LegalSection id="accounts" title="Your account">
        <ul className={list}>
          <li>Give your real name and an email address you use; one account per person.</li>
          <li>
            Keep your password to yourself. You are responsible for what is done with your account; if you think someone
            else used it, sign out (which ends every session of the account) and <ContactLink />.
          </li>
          <li>Roles are given by OPINEX: surveyors and admins are appointed by our admins.</li>
        </ul>
      </LegalSection>

      <LegalSection id="voting" title="Voting and reporting">
        <ul className={list}>
          <li>
            Each person votes once per survey, yes or no, while the survey is published and until the end of its deadline
            day. A vote cannot be changed.
          </li>
          <li>
            The surveyor who created a survey, and our admins, can see who voted and how. Public pages show only the
            totals.
          </li>
          <li>
            Voting through scripts, several accounts or anyone else&rsquo;s account is not allowed, and neither is trying to
            get around the limits on sign-ins and messages.
          </li>
          <li>Report a survey that breaks these rules; reports go to our admins.</li>
        </ul>
      </LegalSection>

      <LegalSection id="content" title="Surveys and comments">
        <ul className={list}>
          <li>
            You are responsible for the surveys and comments you write. They must be lawful, must not harass, deceive or
            expose anyone, and must not carry advertising or malicious links.
          </li>
          <li>
            Published surveys and their results are public. You let OPINEX show, store and share them on the site (for
            example in search results and link previews) for as long as they are published.
          </li>
          <li>
            Our admins may unpublish a survey that breaks these rules; the surveyor is told why and can correct it. We may
            close an account that keeps breaking them.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="extended-plan" title="The Extended plan">
        <ul className={list}>
          <li>
            The Extended plan costs {PRO_PLAN.label} ({PRO_PLAN.currency.toUpperCase()}), paid once by card through Stripe.
            It lets you add a comment to your votes and see the surveys you commented on. It is not a subscription and does
            not renew.
          </li>
          <li>The plan starts as soon as Stripe confirms the payment. {PAYMENT_TEXTS.refundRule}</li>
          <li>
            For a refund or a problem with a payment, <ContactLink />.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="service" title="The service">
        <p>
          We work to keep OPINEX available and its results correct, but it is provided as it is, without a promise that it
          will always be available or free of errors, and survey results are the opinions of those who voted, not advice.
          As far as the law allows, OPINEX is not liable for indirect losses arising from using the site.
        </p>
      </LegalSection>

      <LegalSection id="ending" title="Ending your account">
        <p>
          You can ask us to delete your account at any time: <ContactLink />. What is deleted with it is described in our
          Privacy Policy.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="Changes to these terms">
        <p>
          When these terms change, this page changes and its date above moves; using the site after a change means you
          accept the new terms. Questions? <ContactLink>Contact us</ContactLink>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
