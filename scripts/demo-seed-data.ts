import type { Category } from "@/models";

type SeedSurvey = {
  title: string;
  description: string;
  category: Category;
  questionTitle: string;
  questionDescription: string;
};

// Two lists, one per demo surveyor, covering all five categories.
export const seedSurveys: [SeedSurvey[], SeedSurvey[]] = [
  [
    {
      title: "Should remote work stay the default for software teams?",
      description:
        "Since 2020 many software teams have worked fully remotely. Some companies now ask people back to the office several days a week. We want to know where our community stands.",
      category: "Technology",
      questionTitle: "Remote by default",
      questionDescription: "Should software teams keep remote work as their default way of working?",
    },
    {
      title: "Is AI-assisted coding making developers more productive?",
      description:
        "Code assistants now suggest whole functions. Some say they save hours a week, others say they add subtle bugs. Tell us what you have seen in your own work.",
      category: "Technology",
      questionTitle: "AI coding assistants",
      questionDescription: "Do AI coding assistants make you more productive overall?",
    },
    {
      title: "Would you pay for a phone that lasts ten years?",
      description:
        "Phones are replaced every two to three years on average. A repairable phone with ten years of updates would cost more up front but less over its life.",
      category: "Technology",
      questionTitle: "The ten-year phone",
      questionDescription: "Would you pay 30% more for a phone guaranteed ten years of updates and repairs?",
    },
    {
      title: "Should social networks verify the age of every user?",
      description:
        "Several countries are considering laws that require social networks to check the age of their users. Supporters cite child safety; critics cite privacy.",
      category: "Technology",
      questionTitle: "Age verification",
      questionDescription: "Should social networks be required to verify every user's age?",
    },
    {
      title: "Should coding be a required subject in primary school?",
      description:
        "Some school systems teach programming from age seven. Others argue the timetable is already full and basic literacy and numeracy should come first.",
      category: "Education",
      questionTitle: "Coding in primary school",
      questionDescription: "Should every primary school pupil learn to code?",
    },
    {
      title: "Is homework useful for children under ten?",
      description:
        "Research on homework for young children is mixed. Parents and teachers disagree on whether it builds habits or simply takes away play and family time.",
      category: "Education",
      questionTitle: "Homework for young children",
      questionDescription: "Should children under ten get regular homework?",
    },
    {
      title: "Should universities drop entrance exams?",
      description:
        "A growing number of universities admit students on their school record and an interview alone. Does a single exam day still measure anything useful?",
      category: "Education",
      questionTitle: "Entrance exams",
      questionDescription: "Should universities stop using entrance exams for admission?",
    },
    {
      title: "Would a four-day school week help students learn?",
      description:
        "Some rural districts moved to four longer school days to save costs and recruit teachers. Results on learning are still being debated.",
      category: "Education",
      questionTitle: "Four-day school week",
      questionDescription: "Would you support a four-day school week in your area?",
    },
    {
      title: "Should sugary drinks carry a health tax?",
      description:
        "Taxes on sugary drinks have been introduced in many countries to reduce consumption. Supporters point to lower sugar intake; opponents say it hits low-income households hardest.",
      category: "Health",
      questionTitle: "Sugar tax",
      questionDescription: "Do you support a tax on sugary drinks?",
    },
    {
      title: "Do you get at least seven hours of sleep on work nights?",
      description:
        "Sleep researchers recommend seven to nine hours a night for adults. We are curious how many people actually manage it during the working week.",
      category: "Health",
      questionTitle: "Seven hours of sleep",
      questionDescription: "Do you usually sleep seven hours or more before a work day?",
    },
    {
      title: "Should employers offer paid mental health days?",
      description:
        "Some companies now offer a few paid days a year specifically for mental health, separate from sick leave. Is that a good idea, or should all sick leave simply cover it?",
      category: "Health",
      questionTitle: "Mental health days",
      questionDescription: "Should employers offer dedicated paid mental health days?",
    },
    {
      title: "Are standing desks worth it?",
      description:
        "Standing desks became popular with the idea that sitting all day is harmful. Have you tried one, and would you recommend it to a colleague?",
      category: "Health",
      questionTitle: "Standing desks",
      questionDescription: "Would you recommend a standing desk to a colleague?",
    },
    {
      title: "Should films be released in cinemas and streaming on the same day?",
      description:
        "During the pandemic some studios released films in cinemas and on streaming at once. Cinemas say an exclusive window keeps them alive.",
      category: "Entertainment",
      questionTitle: "Same-day streaming",
      questionDescription: "Should new films be available to stream on their cinema release day?",
    },
    {
      title: "Is a new season of your favourite show better released all at once?",
      description:
        "Some streaming services drop a whole season on one day, others release one episode a week. Binge or wait: which do you prefer?",
      category: "Entertainment",
      questionTitle: "Binge releases",
      questionDescription: "Do you prefer whole seasons released on one day?",
    },
    {
      title: "Should concert tickets be non-transferable to stop scalping?",
      description:
        "Resale sites often sell concert tickets at many times their face value. Tying tickets to a name stops scalpers but also stops you from giving a ticket to a friend.",
      category: "Entertainment",
      questionTitle: "Named tickets",
      questionDescription: "Should concert tickets be tied to the buyer's name?",
    },
    {
      title: "Should our city add more protected bike lanes?",
      description:
        "The city council is considering converting some parking spaces into protected bike lanes on main streets. Shops are worried about losing customers who drive.",
      category: "Other",
      questionTitle: "Protected bike lanes",
      questionDescription: "Should the city replace some street parking with protected bike lanes?",
    },
    {
      title: "Should daylight saving time be abolished?",
      description:
        "Twice a year clocks move by an hour. Many people find the change disruptive, but there is no agreement on whether to keep summer or winter time.",
      category: "Other",
      questionTitle: "Daylight saving time",
      questionDescription: "Should we stop changing the clocks twice a year?",
    },
  ],
  [
    {
      title: "Do you trust password managers with all your passwords?",
      description:
        "Password managers generate and store strong passwords for every site. Some people worry about putting every key in one basket after high-profile breaches.",
      category: "Technology",
      questionTitle: "Password managers",
      questionDescription: "Do you use a password manager for all your accounts?",
    },
    {
      title: "Should electric cars get free parking in city centres?",
      description:
        "Several cities give electric cars free or cheaper parking to encourage adoption. Others argue any car in the centre adds congestion, whatever its engine.",
      category: "Technology",
      questionTitle: "Free parking for electric cars",
      questionDescription: "Should electric cars park for free in city centres?",
    },
    {
      title: "Would you use a fully self-driving taxi?",
      description:
        "Driverless taxis already operate in a few cities. Would you get into one today, with no safety driver on board?",
      category: "Technology",
      questionTitle: "Driverless taxi",
      questionDescription: "Would you ride in a taxi with no driver?",
    },
    {
      title: "Should online courses count toward university degrees?",
      description:
        "Massive open online courses are often free and taught by leading academics. Should universities accept them as credit toward a degree?",
      category: "Education",
      questionTitle: "Credit for online courses",
      questionDescription: "Should universities grant credit for recognised online courses?",
    },
    {
      title: "Should schools ban mobile phones during the day?",
      description:
        "Many schools now collect phones at the gate. Teachers report better focus; some parents want to reach their children in an emergency.",
      category: "Education",
      questionTitle: "Phones at school",
      questionDescription: "Should schools ban phones for the whole school day?",
    },
    {
      title: "Is learning a second language essential today?",
      description:
        "Translation apps are getting better every year. Is it still worth spending years of school learning a second language?",
      category: "Education",
      questionTitle: "Second language",
      questionDescription: "Should every student learn a second language to fluency?",
    },
    {
      title: "Should gyms offer free trials for beginners?",
      description:
        "Starting at a gym can be intimidating and expensive. A free month with a coach might help beginners build the habit.",
      category: "Health",
      questionTitle: "Free gym trials",
      questionDescription: "Would a free first month make you more likely to join a gym?",
    },
    {
      title: "Would you try a plant-based diet for a month?",
      description:
        "Plant-based diets are promoted for health and environmental reasons. We would like to know how many people would give it a serious try.",
      category: "Health",
      questionTitle: "A plant-based month",
      questionDescription: "Would you eat only plant-based food for one month?",
    },
    {
      title: "Should doctors offer video consultations by default?",
      description:
        "Video consultations save travel time but may miss things a physical examination would catch. Should they be the first option for routine appointments?",
      category: "Health",
      questionTitle: "Video consultations",
      questionDescription: "Should routine doctor appointments be offered by video first?",
    },
    {
      title: "Are video games a form of art?",
      description:
        "Some museums now exhibit video games, and many games are praised for their stories and music. Do they deserve the same recognition as films and books?",
      category: "Entertainment",
      questionTitle: "Games as art",
      questionDescription: "Do you consider video games an art form?",
    },
    {
      title: "Should live sports be free to watch on public television?",
      description:
        "Major sporting events increasingly sit behind paid subscriptions. Should national team matches and finals always be shown free to air?",
      category: "Entertainment",
      questionTitle: "Free-to-air sport",
      questionDescription: "Should major sporting events be free to watch on public TV?",
    },
    {
      title: "Do you still listen to full albums?",
      description:
        "Streaming playlists have changed how people listen to music. Do you still sit down and listen to an album from start to finish?",
      category: "Entertainment",
      questionTitle: "Full albums",
      questionDescription: "Did you listen to a full album from start to finish this month?",
    },
    {
      title: "Should public libraries open on Sundays?",
      description:
        "Libraries are often closed on the one day many working people are free. Opening on Sundays would mean more staff costs for the city.",
      category: "Other",
      questionTitle: "Sunday libraries",
      questionDescription: "Should public libraries open on Sundays?",
    },
    {
      title: "Would you adopt a pet from a shelter rather than buy one?",
      description:
        "Shelters are full of animals looking for a home, yet many people still buy from breeders. What would you choose for your next pet?",
      category: "Other",
      questionTitle: "Adopt, don't shop",
      questionDescription: "Would your next pet come from a shelter?",
    },
    {
      title: "Should tipping be replaced by higher menu prices?",
      description:
        "In some countries tips make up a large part of restaurant workers' pay. Including service in menu prices would make pay more predictable.",
      category: "Other",
      questionTitle: "No more tipping",
      questionDescription: "Should restaurants include service in prices and stop asking for tips?",
    },
  ],
];

export const seedComments = [
  "Clear question, and an important one for our team.",
  "I changed my mind on this after reading the description.",
  "Would love to see the results broken down by country.",
  "Hard to answer with just yes or no, but yes overall.",
  "Great topic. Sharing this with my colleagues.",
];
