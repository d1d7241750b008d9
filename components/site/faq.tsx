// The product's seven questions. The answers describe only what this product does (the first
// implementation promised branding, exports and question types that never existed).
export const FAQ_ITEMS = [
  {
    q: "How do I create a survey?",
    a: "Sign in with a surveyor account, open your dashboard and choose Create Survey. Give it a title, a description, a category, a deadline and one yes/no question. It appears on the site as soon as you save it, and you can update it later from All Surveys.",
  },
  {
    q: "Can I customize the look and feel of my surveys?",
    a: "You choose everything people read: the title, the description, the category, the question and the deadline. The layout itself is the same for every survey, so results are easy to read and compare.",
  },
  {
    q: "How do I distribute my survey to respondents?",
    a: "Every published survey has its own public page. Share its link anywhere: social networks show a preview with its title and current results. Surveys are also listed on the Surveys page and can be found by search engines.",
  },
  {
    q: "Can I track responses in real-time?",
    a: "Every vote is counted the moment it is cast. Your survey's results page shows the yes and no counts with their uncertainty, a chart, the votes over time and the list of voters, and the counts and the chart follow new votes while the page is open. Survey pages and embeds update live for everyone too.",
  },
  {
    q: "Is my data secure?",
    a: "Passwords are stored only as secure hashes, every request is checked on the server against your account and role, and each person can vote once per survey. Public pages never show who voted or what they commented. Card payments are handled by Stripe; we never see your card number.",
  },
  {
    q: "Can I export survey data for further analysis?",
    a: "Yes. Export CSV on your survey's results page downloads the survey and every voter with their vote, comment and time, ready for a spreadsheet. The public API also returns each survey's counts and their uncertainty as JSON for your own tools.",
  },
  {
    q: "What types of surveys can I create?",
    a: "Yes/no surveys: one question that people answer yes or no before the deadline you set, in one of five categories (Technology, Education, Health, Entertainment, Other). Members of the Extended plan can add a comment with their vote.",
  },
];

// Native disclosure widgets: rendered on the server, keyboard and screen-reader friendly, no JavaScript.
// Styled by `.faq` in app/globals.css (the chevron included), so each answer carries no class list, in
// the HTML and again in the page's RSC payload.
export function Faq() {
  return (
    <div className="faq" data-testid="faq">
      {FAQ_ITEMS.map((item, i) => (
        <details key={i}>
          <summary>{item.q}</summary>
          <p>{item.a}</p>
        </details>
      ))}
    </div>
  );
}
